/** Runs once when a dashboard server starts: the robot directory's background sync begins here. */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== 'nodejs' || process.env.ROBOT_DIRECTORY_SYNC === 'off') return;
  const { startDirectorySync } = await import('./lib/robots/directory-scheduler');
  startDirectorySync();
}
