'use client';

/**
 * The consent URL, exactly as the API returned it (it is opaque). Following it is also noted in the
 * audit log as a resumed handshake, by a beacon that does not hold up the navigation.
 */
export function ResumeHandshakeLink({
  href,
  className,
  children,
  testId,
}: {
  href: string;
  className: string;
  children: React.ReactNode;
  testId?: string;
}) {
  return (
    <a
      href={href}
      className={className}
      data-testid={testId}
      onClick={() =>
        navigator.sendBeacon?.('/api/handshakes/resume', new Blob([JSON.stringify({ url: href })], { type: 'application/json' }))
      }
    >
      {children}
    </a>
  );
}
