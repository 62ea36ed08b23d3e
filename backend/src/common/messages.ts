/** The spec's error texts (SPEC.md §8), in one place. */
export const Messages = {
  notAuthenticated: 'User not authenticated',
  adminRequired: 'Admin access required',
  quizAdminRequired: 'Quiz admin access required',
  routeNotOpen: 'Access denied',
  crossSite: 'Cross-site request refused',
  malformedJson: 'Malformed JSON in request body',
  bodyTooLarge: 'Request body is larger than 1 MB',
  tooDeep: 'Request body is nested deeper than 32 levels',
  notDecompressible: 'Request body could not be decompressed',
  internal: 'Internal server error',
  unknownProvider: 'Unknown identity provider',
  databaseUnavailable: 'Database unavailable',
} as const;
