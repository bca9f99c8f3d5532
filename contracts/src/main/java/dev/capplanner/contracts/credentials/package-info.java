/**
 * How a connection's calls authenticate, as the registry holds it: the scheme and the <em>name</em>
 * of a secret, never the secret. Only the executor (and the snapshot service when it reads a
 * source) turns a name into a value ({@link dev.capplanner.contracts.credentials.TenantSecrets}),
 * in the owning tenant's own namespace, right before a request, and places it where the source
 * expects it ({@link dev.capplanner.contracts.credentials.PlacedCredential}). A secret never leaves
 * the request it authenticates: not in a log line, an error message, the ledger, an event or a report.
 */
package dev.capplanner.contracts.credentials;
