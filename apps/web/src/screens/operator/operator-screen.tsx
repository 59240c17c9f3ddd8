// PLACEHOLDER: replaced by the operator screen (issue 4).
import { ScreenBeingPrepared } from '@/components/screen-being-prepared';

export function OperatorScreen() {
  return <ScreenBeingPrepared />;
}
