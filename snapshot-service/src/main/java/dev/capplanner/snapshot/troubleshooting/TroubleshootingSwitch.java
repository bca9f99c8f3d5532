package dev.capplanner.snapshot.troubleshooting;

import java.time.Duration;
import java.time.Instant;

/**
 * Developer troubleshooting turned on by an operator (opamp: off by default) for one user of a tenant,
 * or every user of it ({@code userId} null), until {@code expiresAt}: while it holds, the tenant's or
 * user's completions carry redacted diagnostics. Bounded in time, so a forgotten switch turns itself off.
 */
public record TroubleshootingSwitch(String tenantId, String userId, String switchedBy, Instant switchedAt,
                                    Instant expiresAt, String reason) {

    /** How long a switch holds when the operator does not say. */
    public static final Duration DEFAULT_DURATION = Duration.ofHours(1);
    /** The longest a switch may hold. */
    public static final Duration MAX_DURATION = Duration.ofHours(24);

    public TroubleshootingSwitch {
        if (tenantId == null || tenantId.isBlank()) {
            throw new IllegalArgumentException("troubleshooting is switched for a tenant");
        }
        if (!expiresAt.isAfter(switchedAt) || Duration.between(switchedAt, expiresAt).compareTo(MAX_DURATION) > 0) {
            throw new IllegalArgumentException("troubleshooting holds for more than nothing and at most " + MAX_DURATION);
        }
    }

    /** Whether it covers that user of the tenant at that instant. */
    public boolean covers(String tenant, String user, Instant at) {
        return tenantId.equals(tenant) && (userId == null || userId.equals(user)) && at.isBefore(expiresAt);
    }
}
