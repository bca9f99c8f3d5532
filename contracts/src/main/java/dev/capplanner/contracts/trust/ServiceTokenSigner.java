package dev.capplanner.contracts.trust;

import java.security.PrivateKey;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import org.jose4j.jwt.JwtClaims;
import org.jose4j.jwt.NumericDate;

/**
 * A service's credential for another service's internal API: a short-lived RS256 token with
 * {@code iss} = {@code sub} = {@code urn:capplanner:service:<service>}, {@code aud} = the callee, and
 * an expiry, signed with the caller's own key (a Secret); the callee verifies it with the caller's
 * public key and grants only the scopes configured for that caller. A token is reused until a third
 * of its lifetime is left, so signing costs nothing per call.
 */
public final class ServiceTokenSigner {

    private static final String ISSUER_PREFIX = "urn:capplanner:service:";

    private final String service;
    private final PrivateKey key;
    private final Clock clock;
    private final Duration lifetime;
    private final Map<String, Signed> byCallee = new ConcurrentHashMap<>();

    private record Signed(String token, Instant renewAfter) {
    }

    public ServiceTokenSigner(String service, PrivateKey key, Clock clock, Duration lifetime) {
        this.service = service;
        this.key = key;
        this.clock = clock;
        this.lifetime = lifetime;
    }

    /** The issuer (and subject) a service's tokens carry. */
    public static String issuerOf(String service) {
        return ISSUER_PREFIX + service;
    }

    public String service() {
        return service;
    }

    /** A token for calls to {@code callee}, fresh enough for the next call. */
    public String tokenFor(String callee) {
        Instant now = clock.instant();
        return byCallee.compute(callee, (name, signed) -> signed != null && now.isBefore(signed.renewAfter())
                ? signed : new Signed(sign(name, now), now.plus(lifetime.multipliedBy(2).dividedBy(3)))).token();
    }

    private String sign(String callee, Instant now) {
        JwtClaims claims = new JwtClaims();
        claims.setIssuer(issuerOf(service));
        claims.setSubject(issuerOf(service));
        claims.setAudience(callee);
        claims.setIssuedAt(NumericDate.fromSeconds(now.getEpochSecond()));
        claims.setExpirationTime(NumericDate.fromSeconds(now.plus(lifetime).getEpochSecond()));
        claims.setJwtId(UUID.randomUUID().toString());
        return JwtSignatures.rs256(claims, key);
    }
}
