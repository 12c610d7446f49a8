/**
 * What the test command builds the dashboard with: an operator's `AUTH_SECRET`, from which the
 * build derives its server-action key. The test behind nginx builds a second copy with the same
 * settings, as an operator builds each instance, and expects the two to take each other's forms.
 */
export const TEST_BUILD_ENV = { AUTH_SECRET: 'test-build-auth-secret-0123456789abcdefgh' } as const;
