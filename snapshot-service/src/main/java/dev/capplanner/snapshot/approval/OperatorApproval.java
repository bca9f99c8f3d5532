package dev.capplanner.snapshot.approval;

import java.time.Instant;

/**
 * An operator's approval of a held capability as a read: who, when, why, and for which definition
 * (the hash of the capability as imported; a changed definition is not approved).
 */
public record OperatorApproval(String connection, String capability, String definitionHash, String approvedBy,
                               Instant approvedAt, String reason) {
}
