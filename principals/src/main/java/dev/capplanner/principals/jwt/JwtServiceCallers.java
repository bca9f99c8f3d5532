package dev.capplanner.principals.jwt;

import dev.capplanner.contracts.trust.ServiceTokenSigner;
import dev.capplanner.principals.ClaimNames;
import dev.capplanner.principals.PrincipalIssuer;
import dev.capplanner.principals.TokenCheck;
import dev.capplanner.principals.services.CallerCheck;
import dev.capplanner.principals.services.ServiceCaller;
import dev.capplanner.principals.services.ServiceCallers;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Service tokens verified by smallrye-jwt, as principal tokens are ({@link JwtPrincipalTokens}): per
 * known caller, its issuer ({@code urn:capplanner:service:<name>}), its public key and this service
 * as the audience; the subject must be the issuer, so one caller's token never passes for another's.
 */
public final class JwtServiceCallers implements ServiceCallers {

    /** Service tokens live minutes: an hour bounds a replayed one. */
    static final Duration MAX_LIFETIME = Duration.ofHours(1);

    private final JwtPrincipalTokens tokens;
    private final Map<String, ServiceCaller> byIssuer = new LinkedHashMap<>();

    /** One caller: its name, where its public key is (PEM or JWKS file, or JWKS URL), its scopes. */
    public record CallerSettings(String name, String publicKeyLocation, Set<String> scopes) {
    }

    /** @param service this service's name: the audience its callers' tokens must name */
    public JwtServiceCallers(String service, List<CallerSettings> callers) {
        List<JwtPrincipalTokens.IssuerSettings> issuers = callers.stream().map(caller -> {
            String issuer = ServiceTokenSigner.issuerOf(caller.name());
            byIssuer.put(issuer, new ServiceCaller(caller.name(), caller.scopes()));
            // A service token names no tenant: the issuer speaks for none, and only its signature and claims matter.
            return new JwtPrincipalTokens.IssuerSettings(new PrincipalIssuer(caller.name(), issuer, Set.of(),
                    ClaimNames.DEFAULT), caller.publicKeyLocation(), Set.of(service), Duration.ofSeconds(30),
                    Optional.of(MAX_LIFETIME));
        }).toList();
        this.tokens = new JwtPrincipalTokens(issuers);
    }

    @Override
    public CallerCheck verify(String token) {
        TokenCheck check = tokens.verify(token);
        if (check instanceof TokenCheck.Failed failed) {
            return new CallerCheck.Unknown(failed.check().replace("issuer is not a configured issuer",
                    "issuer is not a known service"));
        }
        TokenCheck.Verified verified = (TokenCheck.Verified) check;
        String issuer = verified.issuer().issuer();
        if (!issuer.equals(verified.claims().get("sub"))) {
            return new CallerCheck.Unknown("service token's subject is not its issuer");
        }
        if (!(verified.claims().get("exp") instanceof Number expiry)) {
            return new CallerCheck.Unknown("token has no expiry (exp)");
        }
        // A signed expiry beyond what an Instant holds is read as the latest one rather than failing the call.
        return new CallerCheck.Known(byIssuer.get(issuer),
                Instant.ofEpochSecond(Math.min(expiry.longValue(), Instant.MAX.getEpochSecond())));
    }
}
