/**
 * The snapshot service's internal HTTP API as both sides see it: the bodies its callers (router,
 * planner, executor) send and the answers it gives. Fields may be missing on the wire: the server
 * checks them and answers 400; a caller trusts nothing but what it verifies.
 */
package dev.capplanner.contracts.snapshotservice;
