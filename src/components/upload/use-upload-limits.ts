/**
 * The configured upload limits of a kind: `getgroupdata {code: IMAGECONFIG | FILECONFIG}`,
 * cached for the session (the spec serves group look-ups from the client cache when present).
 * Until the answer arrives, and when the group is missing or unreadable, the spec defaults hold.
 */
import { useQuery } from '@tanstack/react-query';
import { groupGetgroupdata } from '@generated/api/group/group';
import { DEFAULT_UPLOAD_LIMITS, uploadLimitsFrom, type UploadLimits } from '@/core/attachment';
import { isRecord } from '@/core/guards';
import { LIMITS_CONFIG_CODE } from './limits';

export const uploadLimitKeys = {
  config: (code: string) => ['group-data', code] as const,
};

export function useUploadLimits(kind: 'image' | 'file'): UploadLimits {
  const code = LIMITS_CONFIG_CODE[kind];
  const query = useQuery({
    queryKey: uploadLimitKeys.config(code),
    queryFn: ({ signal }) => groupGetgroupdata({ code }, undefined, signal),
    select: (answer) => uploadLimitsFrom(isRecord(answer.data) ? answer.data : undefined),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
  });
  return query.data ?? DEFAULT_UPLOAD_LIMITS;
}
