package dev.capplanner.principals.jwt;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.capplanner.principals.TokenCheck;
import dev.capplanner.principals.PrincipalIssuer;
import dev.capplanner.principals.PrincipalTokens;
import io.smallrye.jwt.algorithm.SignatureAlgorithm;
import io.smallrye.jwt.auth.principal.DefaultJWTParser;
import io.smallrye.jwt.auth.principal.JWTAuthContextInfo;
import io.smallrye.jwt.auth.principal.ParseException;
import jakarta.json.JsonValue;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.eclipse.microprofile.jwt.JsonWebToken;
import org.jose4j.jwt.consumer.ErrorCodes;
import org.jose4j.jwt.consumer.InvalidJwtException;
import org.jose4j.lang.InvalidAlgorithmException;

/**
 * Principal tokens verified by smallrye-jwt (the verifier behind quarkus-smallrye-jwt), one verifier
 * per configured issuer: the token's {@code iss} only chooses which issuer's keys, audience and clock
 * skew apply, and the verification then requires that very issuer. Asymmetric signatures only (a
 * shared secret would let every publisher mint principals); {@code exp} is required. A failure is
 * named by the check it failed, never by the token or its claims.
 */
public final class JwtPrincipalTokens implements PrincipalTokens {

    /** Far above any real token (a few KB), low enough that a hostile one costs nothing to refuse. */
    static final int MAX_TOKEN_CHARS = 16_384;

    private static final Set<SignatureAlgorithm> ASYMMETRIC = EnumSet.complementOf(EnumSet.of(SignatureAlgorithm.HS256,
            SignatureAlgorithm.HS384, SignatureAlgorithm.HS512));
    private static final ObjectMapper JSON = new ObjectMapper();

    /** One issuer's verification settings: where its public keys are (a PEM or JWKS file or URL). */
    public record IssuerSettings(PrincipalIssuer issuer, String publicKeyLocation, Set<String> audiences,
                                 Duration clockSkew, Optional<Duration> maxLifetime) {

        public IssuerSettings {
            if (audiences.isEmpty()) {
                throw new IllegalArgumentException("issuer '" + issuer.name() + "' has no audience: a token"
                        + " made for another service would be accepted");
            }
            audiences = Set.copyOf(audiences);
        }
    }

    private record Verifier(PrincipalIssuer issuer, DefaultJWTParser parser) {
    }

    private final Map<String, Verifier> byIssuer = new LinkedHashMap<>();

    public JwtPrincipalTokens(List<IssuerSettings> issuers) {
        for (IssuerSettings settings : issuers) {
            if (byIssuer.put(settings.issuer().issuer(), new Verifier(settings.issuer(),
                    new DefaultJWTParser(contextOf(settings)))) != null) {
                throw new IllegalArgumentException("two issuers are configured as " + settings.issuer().issuer());
            }
        }
    }

    public boolean isEmpty() {
        return byIssuer.isEmpty();
    }

    @Override
    public TokenCheck verify(String token) {
        if (token.length() > MAX_TOKEN_CHARS) {
            return new TokenCheck.Failed("token is larger than " + MAX_TOKEN_CHARS + " characters");
        }
        Optional<JsonNode> unverified = payloadOf(token);
        if (unverified.isEmpty()) {
            return new TokenCheck.Failed("token is not a signed JWT");
        }
        JsonNode iss = unverified.get().get("iss");
        Verifier verifier = iss == null || !iss.isTextual() ? null : byIssuer.get(iss.asText());
        if (verifier == null) {
            return new TokenCheck.Failed("token issuer is not a configured issuer");
        }
        JsonWebToken verified;
        try {
            verified = verifier.parser().parse(token);
        } catch (ParseException e) {
            return new TokenCheck.Failed(failedCheck(e));
        }
        // The claims as the verifier read them, never the unverified parse that only chose the issuer.
        return new TokenCheck.Verified(verifier.issuer(), claimsOf(verified));
    }

    /** Plain Java values (strings, numbers, booleans, lists, maps) of every claim the verifier read. */
    private static Map<String, Object> claimsOf(JsonWebToken token) {
        Map<String, Object> claims = new LinkedHashMap<>();
        for (String name : token.getClaimNames()) {
            Object value = token.getClaim(name);
            if (value != null) {
                claims.put(name, plain(value));
            }
        }
        return claims;
    }

    private static Object plain(Object value) {
        if (value instanceof JsonValue json) {
            try {
                return JSON.readValue(json.toString(), Object.class);
            } catch (IOException e) {
                throw new IllegalStateException("a verified claim that is not JSON", e);
            }
        }
        if (value instanceof java.util.Collection<?> values) {
            return values.stream().map(JwtPrincipalTokens::plain).toList();
        }
        return value;
    }

    private static JWTAuthContextInfo contextOf(IssuerSettings settings) {
        JWTAuthContextInfo context = new JWTAuthContextInfo();
        context.setIssuedBy(settings.issuer().issuer());
        context.setPublicKeyLocation(settings.publicKeyLocation());
        context.setExpectedAudience(settings.audiences());
        context.setClockSkew((int) settings.clockSkew().toSeconds());
        context.setSignatureAlgorithm(ASYMMETRIC);
        context.setRequireNamedPrincipal(false);
        settings.maxLifetime().ifPresent(lifetime -> context.setMaxTimeToLiveSecs(lifetime.toSeconds()));
        return context;
    }

    /** The payload of a compact JWS (three parts), unverified, or nothing when it is not one. */
    private static Optional<JsonNode> payloadOf(String token) {
        String[] parts = token.split("\\.", -1);
        if (parts.length != 3) {
            return Optional.empty();
        }
        try {
            JsonNode payload = JSON.readTree(new String(Base64.getUrlDecoder().decode(parts[1]), StandardCharsets.UTF_8));
            return payload != null && payload.isObject() ? Optional.of(payload) : Optional.empty();
        } catch (IllegalArgumentException | IOException e) {
            return Optional.empty();
        }
    }

    private static String failedCheck(ParseException failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof InvalidJwtException invalid) {
                if (invalid.hasExpired()) {
                    return "token has expired";
                }
                if (invalid.hasErrorCode(ErrorCodes.EXPIRATION_MISSING)) {
                    return "token has no expiry (exp)";
                }
                if (invalid.hasErrorCode(ErrorCodes.EXPIRATION_TOO_FAR_IN_FUTURE)) {
                    return "token lives longer than its issuer allows";
                }
                if (invalid.hasErrorCode(ErrorCodes.NOT_YET_VALID)
                        || invalid.hasErrorCode(ErrorCodes.ISSUED_AT_INVALID_FUTURE)) {
                    return "token is not valid yet";
                }
                if (invalid.hasErrorCode(ErrorCodes.AUDIENCE_INVALID) || invalid.hasErrorCode(ErrorCodes.AUDIENCE_MISSING)) {
                    return "token is not for this audience";
                }
                if (invalid.hasErrorCode(ErrorCodes.ISSUER_INVALID) || invalid.hasErrorCode(ErrorCodes.ISSUER_MISSING)) {
                    return "token issuer is not a configured issuer";
                }
                if (invalid.hasErrorCode(ErrorCodes.SIGNATURE_INVALID)) {
                    return "token signature does not verify";
                }
                if (invalid.hasErrorCode(ErrorCodes.SIGNATURE_MISSING)) {
                    return "token is not signed";
                }
            }
            if (cause instanceof InvalidAlgorithmException) {
                return "token algorithm is not accepted (asymmetric signatures only)";
            }
            if (cause.getClass().getSimpleName().contains("UnresolvableKey")) {
                return "no key of the issuer verifies the token";
            }
            // smallrye-jwt's own lifetime check (SRJWT07009) comes without a jose4j cause.
            if (cause.getMessage() != null && cause.getMessage().startsWith("SRJWT07009")) {
                return "token lives longer than its issuer allows";
            }
        }
        return "token does not verify";
    }
}
