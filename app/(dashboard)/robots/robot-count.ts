import { directorySize, type DirectoryStatus } from '@/lib/robots/directory';
import { formatCount, readOfTotal } from '@/lib/sync/progress';

const ROBOTS = { one: 'robot', many: 'robots' };

/**
 * The robots page's count. A complete directory is the account; until then the count is what the
 * directory has read against the total the API gave, never "N robots on this account".
 */
export async function robotCountLine(status: DirectoryStatus, shown: number, filtered: boolean): Promise<string> {
  const plural = (n: number) => (n === 1 ? '' : 's');
  if (status.complete) {
    if (filtered)
      return `${formatCount(shown)} robot${plural(shown)} match${shown === 1 ? 'es' : ''}, of ${status.totalCount === null ? 'all' : formatCount(status.totalCount)} on this account.`;
    return `${formatCount(shown)} robot${plural(shown)} on this account. Each robot is one of your customers' chatbot workspaces.`;
  }
  const listed = filtered ? await directorySize() : shown;
  const total = status.filling?.totalCount ?? status.totalCount;
  // The sweep keeps what it reads aside and swaps it in whole: it may be ahead of the list shown.
  const read = Math.max(listed, status.filling?.itemsRead ?? 0);
  const soFar = `${readOfTotal(read, total, ROBOTS)} read so far`;
  const ahead = read > listed ? `; the list shows ${formatCount(listed)} until the read is complete` : '';
  if (filtered) return `${formatCount(shown)} robot${plural(shown)} match${shown === 1 ? 'es' : ''}, of ${soFar}${ahead}.`;
  return `${soFar}${ahead}.`;
}
