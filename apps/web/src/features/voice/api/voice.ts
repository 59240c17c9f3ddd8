import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { voiceContract } from '@antrean/shared/contracts/voice.contract';
import type { VoiceSettingsValues } from '@antrean/shared/domain/voice';
import { api } from '@/lib/api';

const voiceKeys = { all: ['voice-settings'] as const };

/** The tenant's voice settings. */
export function voiceQueryOptions() {
  return queryOptions({
    queryKey: voiceKeys.all,
    queryFn: ({ signal }) => api.call(voiceContract.get, { signal }),
  });
}

/** Saves them; every display speaks the new way from its next call. */
export function useSaveVoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: VoiceSettingsValues) => api.call(voiceContract.update, { body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: voiceKeys.all }),
  });
}
