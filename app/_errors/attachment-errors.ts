import { toDisplayError, type DisplayError } from './display-error';
import { formatMb } from '@/lib/conversations/attachment-rules';

const KIND_NAMES: Record<string, string> = { image: 'image', video: 'video', voice: 'voice/audio', document: 'document' };

export function attachmentErrorToDisplay(err: unknown): DisplayError {
  return toDisplayError(err, {
    attachment_not_in_plan: (e) => {
      const kind = typeof e.details.kind === 'string' ? (KIND_NAMES[e.details.kind] ?? e.details.kind) : 'this kind of';
      return {
        title: 'Your plan does not include this kind of file',
        message: `Your agreement excludes ${kind} attachments. Send another kind of file, or ask your service contact to include it.`,
      };
    },
    validation_failed: (e) => {
      const cap = typeof e.details.cap_mb === 'number' ? e.details.cap_mb : undefined;
      const size = typeof e.details.size_bytes === 'number' ? e.details.size_bytes : undefined;
      const kind = typeof e.details.kind === 'string' ? (KIND_NAMES[e.details.kind] ?? e.details.kind) : 'file';
      if (cap !== undefined && size !== undefined) {
        return {
          title: 'The file is too large for your plan',
          message: `This ${kind} is ${formatMb(size)}; your plan allows up to ${cap} MB per ${kind} file. Compress it or send a link instead.`,
        };
      }
      return {
        title: 'The service refused this file',
        message: `${e.message || 'Its type is not accepted or does not match its contents.'} Use JPEG/PNG, MP4/MOV/WebM/Ogg/AVI, AAC/M4A/WAV or PDF.`,
      };
    },
    not_found: () => ({
      title: 'Conversation not found',
      message: `It does not exist on this account (or belongs to another). ${REMOVED_UNDER_RETENTION}`,
    }),
    invalid_parameter: (e) => ({ title: 'The upload was incomplete', message: `${e.message} Choose the file again and retry.` }),
  });
}

/** A conversation older than the plan's retention answers like one never made: say so beside the service's answer. */
const REMOVED_UNDER_RETENTION =
  'If it is an old one, the service may have removed it under the plan’s retention (Settings → Conversation history says how far back history goes).';

export function typingErrorToDisplay(err: unknown): DisplayError {
  return toDisplayError(err, {
    not_found: () => ({
      title: 'Conversation not found',
      message: `The customer cannot be shown the indicator: the service says this conversation does not exist on the account. ${REMOVED_UNDER_RETENTION}`,
    }),
  });
}
