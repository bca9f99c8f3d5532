package dev.capplanner.reports.rest;

import dev.capplanner.reports.config.AuthConfig;
import jakarta.enterprise.context.RequestScoped;
import jakarta.json.JsonString;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.Set;
import org.eclipse.microprofile.jwt.JsonWebToken;

/**
 * The tenants the caller's verified token lets it read: the claim named by
 * {@code reports.auth.tenant-claim} (default {@code tenants}), a JSON array or a comma-separated
 * string. No claim, no tenant: the caller reads nothing.
 */
@RequestScoped
public class CallerTenants {

    private final JsonWebToken token;
    private final String claim;

    public CallerTenants(JsonWebToken token, AuthConfig auth) {
        this.token = token;
        this.claim = auth.tenantClaim();
    }

    public Set<String> current() {
        Object value = token.getClaim(claim);
        Set<String> tenants = new LinkedHashSet<>();
        if (value instanceof Collection<?> values) {
            // A JSON array claim arrives as jakarta.json values, whose toString keeps the quotes.
            values.forEach(v -> add(tenants, text(v)));
        } else if (value != null) {
            for (String part : text(value).split(",")) {
                add(tenants, part);
            }
        }
        return tenants;
    }

    private static String text(Object value) {
        return value instanceof JsonString string ? string.getString() : String.valueOf(value);
    }

    private static void add(Set<String> tenants, String tenant) {
        String trimmed = tenant.strip();
        if (!trimmed.isEmpty()) {
            tenants.add(trimmed);
        }
    }
}
