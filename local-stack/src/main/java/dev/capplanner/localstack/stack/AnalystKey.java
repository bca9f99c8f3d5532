package dev.capplanner.localstack.stack;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.Signature;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;

/**
 * The local stack's stand-in for an identity provider: a fresh RSA key per stack, whose public half
 * the report service verifies analysts' tokens with, and one RS256 token of an analyst of the demo
 * tenants that the replay (and the user, printed with the URLs) presents to the report API.
 */
public final class AnalystKey {

    static final String ISSUER = "urn:capplanner:local-stack";
    private static final Duration VALIDITY = Duration.ofHours(12);

    private final KeyPair keys;
    private final Path publicKeyFile;

    private AnalystKey(KeyPair keys, Path publicKeyFile) {
        this.keys = keys;
        this.publicKeyFile = publicKeyFile;
    }

    static AnalystKey create(Path directory) {
        try {
            KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
            generator.initialize(2048);
            KeyPair keys = generator.generateKeyPair();
            Files.createDirectories(directory);
            Path file = directory.resolve("analyst-public-key.pem");
            String pem = "-----BEGIN PUBLIC KEY-----\n"
                    + Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII))
                            .encodeToString(keys.getPublic().getEncoded())
                    + "\n-----END PUBLIC KEY-----\n";
            Files.writeString(file, pem);
            return new AnalystKey(keys, file);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("every JVM can make RSA keys", e);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    Path publicKeyFile() {
        return publicKeyFile;
    }

    /** A bearer token with the roles analyst and reviewer for the given tenants, valid for twelve hours. */
    String analystToken(String... tenants) {
        Instant now = Instant.now();
        String header = "{\"alg\":\"RS256\",\"typ\":\"JWT\"}";
        String payload = "{\"iss\":\"" + ISSUER + "\",\"upn\":\"local-analyst\",\"groups\":[\"analyst\",\"reviewer\"],\"tenants\":["
                + String.join(",", java.util.Arrays.stream(tenants).map(t -> "\"" + t + "\"").toList())
                + "],\"iat\":" + now.getEpochSecond() + ",\"exp\":" + now.plus(VALIDITY).getEpochSecond() + "}";
        String signingInput = base64Url(header) + "." + base64Url(payload);
        try {
            Signature rs256 = Signature.getInstance("SHA256withRSA");
            rs256.initSign(keys.getPrivate());
            rs256.update(signingInput.getBytes(StandardCharsets.US_ASCII));
            return signingInput + "." + Base64.getUrlEncoder().withoutPadding().encodeToString(rs256.sign());
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("every JVM signs SHA256withRSA", e);
        }
    }

    private static String base64Url(String json) {
        return Base64.getUrlEncoder().withoutPadding().encodeToString(json.getBytes(StandardCharsets.UTF_8));
    }
}
