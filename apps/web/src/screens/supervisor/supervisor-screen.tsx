// PLACEHOLDER: replaced by the supervisor monitor (issue 4).
import { ScreenBeingPrepared } from '@/components/screen-being-prepared';

export function SupervisorScreen() {
  return <ScreenBeingPrepared />;
}
