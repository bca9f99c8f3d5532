package dev.capplanner.testing.quarkus;

import dev.capplanner.contracts.principal.PrincipalTokenSigner;
import dev.capplanner.contracts.trust.ServiceTokenSigner;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.security.PublicKey;
import java.util.List;
import org.jose4j.jwt.JwtClaims;
import org.jose4j.jwt.consumer.InvalidJwtException;
import org.jose4j.jwt.consumer.JwtConsumerBuilder;

/** The tests' service keys ({@code services/<service>-*-key.pem}, test material only), checked as a callee would. */
public final class TestServiceKeys {

    public static final List<String> SERVICES = List.of("router-service", "planner-service", "executor-service");

    private TestServiceKeys() {
    }

    /** {@code Bearer <token>} of that service for calls to {@code snapshot-service}, signed with its test key. */
    public static String bearer(String service) {
        return bearer(service, "snapshot-service");
    }

    public static String bearer(String service, String audience) {
        return "Bearer " + new ServiceTokenSigner(service, privateKey(service), java.time.Clock.systemUTC(),
                java.time.Duration.ofMinutes(5)).tokenFor(audience);
    }

    static java.security.PrivateKey privateKey(String service) {
        return dev.capplanner.testing.events.TestPrincipals.privateKey("services/" + service + "-private-key.pem");
    }

    /** The service whose valid token this is for {@code audience}, or null. */
    public static String callerOf(String token, String audience) {
        for (String service : SERVICES) {
            try {
                JwtClaims claims = new JwtConsumerBuilder().setRequireExpirationTime()
                        .setExpectedIssuer(ServiceTokenSigner.issuerOf(service)).setExpectedAudience(audience)
                        .setVerificationKey(publicKey(service)).build().processToClaims(token);
                if (ServiceTokenSigner.issuerOf(service).equals(claims.getSubject())) {
                    return service;
                }
            } catch (InvalidJwtException | org.jose4j.jwt.MalformedClaimException e) {
                // Not this service's: try the next.
            }
        }
        return null;
    }

    static PublicKey publicKey(String service) {
        String resource = "services/" + service + "-public-key.pem";
        try (InputStream in = TestServiceKeys.class.getClassLoader().getResourceAsStream(resource)) {
            return PrincipalTokenSigner.publicKeyFromPem(new String(in.readAllBytes(), StandardCharsets.US_ASCII));
        } catch (IOException | NullPointerException e) {
            throw new IllegalStateException("unreadable test key " + resource, e);
        }
    }
}
