package dev.capplanner.principals;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Rule "verified principals": a turn, a discovery offer or an artifact read runs as the principal a
 * token of a configured issuer asserts, never as whatever its sender wrote. The token's tenant must be
 * one its issuer may speak for, and whatever the request names (tenant, project when the issuer's
 * tokens name one, user, roles) must be the token's: a sender can neither pick another tenant nor
 * widen its roles. A request without a token is refused, unless the deployment opted in to asserted
 * principals (a trusted single-tenant setup), where a turn runs as it names itself.
 */
public final class PrincipalAuthentication {

    private static final Pattern ROLE_SEPARATORS = Pattern.compile("[\\s,]+");

    private final PrincipalTokens tokens;
    private final boolean trustAsserted;

    /**
     * @param trustAsserted take a request without a token as the principal it names (off by default:
     *                      only for a deployment whose every sender is trusted and speaks for one tenant)
     */
    public PrincipalAuthentication(PrincipalTokens tokens, boolean trustAsserted) {
        this.tokens = tokens;
        this.trustAsserted = trustAsserted;
    }

    /**
     * A turn, which names its whole principal: admitted as it is when the token asserts exactly that.
     *
     * @param headers the values of every principal header the turn carried ({@code Bearer <token>}):
     *                none, or exactly one
     */
    public Admission admit(List<String> headers, ClaimedPrincipal claimed) {
        return admit(headers, new Named(claimed.tenantId(), claimed.projectId(), claimed.userId(), claimed.roles()),
                claimed);
    }

    /**
     * A request that may name part of its principal ({@code null}: not named, the token's is taken):
     * admitted as the token's principal when what it names agrees. {@code projectId} is the project
     * when the issuer's tokens name none; when neither names one, the admitted principal's project is
     * null (the caller decides whether it needs one).
     */
    public Admission admitRequest(List<String> headers, String tenantId, String projectId, List<String> roles) {
        Named named = new Named(tenantId, projectId, null, roles);
        ClaimedPrincipal asserted = tenantId == null || projectId == null ? null
                : new ClaimedPrincipal(tenantId, projectId, "", roles == null ? List.of() : roles);
        return admit(headers, named, asserted);
    }

    /** What a request names of its principal; null fields are not named. */
    private record Named(String tenantId, String projectId, String userId, List<String> roles) {
    }

    private Admission admit(List<String> headers, Named named, ClaimedPrincipal asserted) {
        if (headers.isEmpty() && trustAsserted && asserted != null) {
            return new Admission.Admitted(asserted, false);
        }
        BearerToken bearer = BearerToken.in(headers, "principal", "principal");
        if (bearer.token() == null) {
            return new Admission.Refused(bearer.problem());
        }
        TokenCheck check = tokens.verify(bearer.token());
        if (check instanceof TokenCheck.Verified verified) {
            return admit(verified.issuer(), verified.claims(), named);
        }
        return new Admission.Refused(((TokenCheck.Failed) check).check());
    }

    private static Admission admit(PrincipalIssuer issuer, Map<String, Object> claims, Named named) {
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
        String project = named.projectId();
        if (names.project() != null) {
            Optional<String> claimed = text(claims, names.project());
            if (claimed.isEmpty()) {
                return new Admission.Refused("the token has no project claim '" + names.project() + "'");
            }
            if (project != null && !project.equals(claimed.get())) {
                return new Admission.Refused("the request's project is not the token's");
            }
            project = claimed.get();
        }
        List<String> roles = roles(claims, names.roles());
        if (named.tenantId() != null && !named.tenantId().equals(tenant.get())) {
            return new Admission.Refused("the request's tenant is not the token's");
        }
        if (named.userId() != null && !named.userId().equals(user.get())) {
            return new Admission.Refused("the request's user is not the token's");
        }
        if (named.roles() != null && !new HashSet<>(roles).equals(new HashSet<>(named.roles()))) {
            return new Admission.Refused("the request's roles are not the token's");
        }
        return new Admission.Admitted(new ClaimedPrincipal(tenant.get(), project, user.get(), roles), true);
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
