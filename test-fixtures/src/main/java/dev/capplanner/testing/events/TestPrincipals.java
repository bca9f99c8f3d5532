package dev.capplanner.testing.events;

import dev.capplanner.contracts.PrincipalHeader;
import dev.capplanner.contracts.events.RunContext;
import dev.capplanner.contracts.principal.PrincipalTokenSigner;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.security.PrivateKey;
import java.time.Clock;
import java.time.Duration;

/**
 * The tests' chat-backend identity provider: principal tokens signed with the key pair under
 * {@code principals/} (test material only), which the services' test profiles trust as issuer
 * {@link #ISSUER} for the tenants acme and globex.
 */
public final class TestPrincipals {

    public static final String ISSUER = "https://capplanner.test/chat-backend";
    public static final String AUDIENCE = "capplanner";
    public static final PrincipalTokenSigner SIGNER = new PrincipalTokenSigner(ISSUER, AUDIENCE,
            privateKey("principals/test-issuer-private-key.pem"), Clock.systemUTC(), Duration.ofMinutes(10));

    private TestPrincipals() {
    }

    /** The principal header value of a token asserting the run's tenant, project, user and roles. */
    public static String headerFor(RunContext run) {
        return PrincipalHeader.valueOf(SIGNER.sign(run));
    }

    /** A PKCS#8 PEM private key from the classpath. */
    public static PrivateKey privateKey(String resource) {
        try (InputStream in = TestPrincipals.class.getClassLoader().getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("no " + resource + " on the classpath");
            }
            return PrincipalTokenSigner.privateKeyFromPem(new String(in.readAllBytes(), StandardCharsets.US_ASCII));
        } catch (IOException e) {
            throw new IllegalStateException("unreadable private key " + resource, e);
        }
    }
}
