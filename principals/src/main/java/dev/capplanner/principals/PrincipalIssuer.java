package dev.capplanner.principals;

import java.util.Set;

/**
 * An identity provider whose tokens the suite accepts as a turn's principal, and the only tenants it
 * may speak for (deny by default: an issuer that lists no tenant speaks for none).
 */
public record PrincipalIssuer(String name, String issuer, Set<String> tenants, ClaimNames claims) {

    public PrincipalIssuer {
        tenants = Set.copyOf(tenants);
    }

    public boolean speaksFor(String tenantId) {
        return tenants.contains(tenantId);
    }
}
