package dev.capplanner.snapshot.identity;

import dev.capplanner.contracts.PrincipalHeader;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Rule "verified principals": a turn runs as the principal a token of a configured issuer asserts,
 * never as whatever its publisher wrote. The token's tenant must be one its issuer may speak for, and
 * the tenant, project (when the issuer's tokens name one), user and roles the turn names must be the
 * token's: a publisher can neither pick another tenant nor widen the roles. A turn without a token is
 * refused, unless the deployment opted in to asserted principals (a trusted single-tenant setup).
 */
public final class TurnAuthentication {

    private static final Pattern ROLE_SEPARATORS = Pattern.compile("[\\s,]+");

    private final TurnTokens tokens;
    private final boolean trustAsserted;

    /**
     * @param trustAsserted take a turn without a token as the principal it names (off by default: only
     *                      for a deployment whose every publisher is trusted and speaks for one tenant)
     */
    public TurnAuthentication(TurnTokens tokens, boolean trustAsserted) {
        this.tokens = tokens;
        this.trustAsserted = trustAsserted;
    }

    /**
     * @param headers the values of every principal header the turn carried ({@code Bearer <token>}):
     *                none, or exactly one
     */
    public Admission admit(List<String> headers, ClaimedPrincipal claimed) {
        if (headers.size() > 1) {
            return new Admission.Refused("the turn carries more than one principal token");
        }
        if (headers.isEmpty()) {
            return trustAsserted ? new Admission.Admitted(claimed, false)
                    : new Admission.Refused("no principal token");
        }
        Optional<String> token = PrincipalHeader.tokenIn(headers.get(0));
        if (token.isEmpty()) {
            return new Admission.Refused("the principal header is not 'Bearer <token>'");
        }
        TokenCheck check = tokens.verify(token.get());
        if (check instanceof TokenCheck.Verified verified) {
            return admit(verified.issuer(), verified.claims(), claimed);
        }
        return new Admission.Refused(((TokenCheck.Failed) check).check());
    }

    static Admission admit(TurnIssuer issuer, Map<String, Object> claims, ClaimedPrincipal claimed) {
        ClaimNames names = issuer.claims();
        Optional<String> tenant = text(claims, names.tenant());
        if (tenant.isEmpty()) {
            return new Admission.Refused("the token has no tenant claim '" + names.tenant() + "'");
        }
        if (!issuer.speaksFor(tenant.get())) {
            return new Admission.Refused("issuer '" + issuer.name() + "' may not speak for tenant " + tenant.get());
        }
        Optional<String> user = text(claims, names.user());
        if (user.isEmpty()) {
            return new Admission.Refused("the token has no user claim '" + names.user() + "'");
        }
        if (!tenant.get().equals(claimed.tenantId())) {
            return new Admission.Refused("the turn's tenant is not the token's");
        }
        if (names.project() != null) {
            Optional<String> project = text(claims, names.project());
            if (project.isEmpty()) {
                return new Admission.Refused("the token has no project claim '" + names.project() + "'");
            }
            if (!project.get().equals(claimed.projectId())) {
                return new Admission.Refused("the turn's project is not the token's");
            }
        }
        if (!user.get().equals(claimed.userId())) {
            return new Admission.Refused("the turn's user is not the token's");
        }
        List<String> roles = roles(claims, names.roles());
        if (!new HashSet<>(roles).equals(new HashSet<>(claimed.roles()))) {
            return new Admission.Refused("the turn's roles are not the token's");
        }
        return new Admission.Admitted(new ClaimedPrincipal(tenant.get(), claimed.projectId(), user.get(), roles), true);
    }

    /** A claim's value at a dotted path, or nothing when a step is missing or not an object. */
    static Optional<Object> at(Map<String, Object> claims, String path) {
        Object value = claims;
        for (String step : path.split("\\.")) {
            if (!(value instanceof Map<?, ?> object) || !object.containsKey(step)) {
                return Optional.empty();
            }
            value = object.get(step);
        }
        return Optional.ofNullable(value);
    }

    private static Optional<String> text(Map<String, Object> claims, String path) {
        return at(claims, path).filter(String.class::isInstance).map(String.class::cast).filter(s -> !s.isBlank());
    }

    /** Roles as a list of strings, or one string separated by spaces or commas (OAuth's {@code scope}). */
    private static List<String> roles(Map<String, Object> claims, String path) {
        Object value = at(claims, path).orElse(List.of());
        List<String> roles = new ArrayList<>();
        if (value instanceof String joined) {
            for (String role : ROLE_SEPARATORS.split(joined.strip())) {
                if (!role.isEmpty()) {
                    roles.add(role);
                }
            }
        } else if (value instanceof Collection<?> listed) {
            listed.stream().filter(String.class::isInstance).map(String.class::cast).forEach(roles::add);
        }
        return roles;
    }
}
