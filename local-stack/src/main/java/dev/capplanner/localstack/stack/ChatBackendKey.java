package dev.capplanner.localstack.stack;

import dev.capplanner.contracts.CloudEventHeaders;
import dev.capplanner.contracts.PrincipalHeader;
import dev.capplanner.contracts.TraceParent;
import dev.capplanner.contracts.events.TurnRequested;
import dev.capplanner.contracts.principal.PrincipalTokenSigner;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.KeyPair;
import java.time.Clock;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The local stack's chat backend identity: a fresh RSA key per stack whose private half signs every
 * turn's principal token (the replay and the load driver sign with it; {@code ./run-local.sh} prints
 * its file, so a backend in any language can sign too), and whose public half the snapshot service
 * trusts as the issuer of the demo tenants.
 */
public final class ChatBackendKey {

    static final String ISSUER = "urn:capplanner:local-stack:chat-backend";
    static final String AUDIENCE = "capplanner";
    private static final Duration TOKEN_LIFETIME = Duration.ofMinutes(5);

    private final PrincipalTokenSigner signer;
    private final Path privateKeyFile;
    private final Path publicKeyFile;

    private ChatBackendKey(PrincipalTokenSigner signer, Path privateKeyFile, Path publicKeyFile) {
        this.signer = signer;
        this.privateKeyFile = privateKeyFile;
        this.publicKeyFile = publicKeyFile;
    }

    static ChatBackendKey create(Path directory) {
        KeyPair keys = PrincipalTokenSigner.newKeyPair();
        try {
            Files.createDirectories(directory);
            Path privateKey = directory.resolve("chat-backend-private-key.pem");
            Files.writeString(privateKey, PrincipalTokenSigner.pem(keys.getPrivate()));
            ownerOnly(privateKey);
            Path publicKey = Files.writeString(directory.resolve("chat-backend-public-key.pem"),
                    PrincipalTokenSigner.pem(keys.getPublic()));
            return new ChatBackendKey(signerOf(keys.getPrivate()), privateKey, publicKey);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The signer of a stack that runs elsewhere, from the private key file its {@code ./run-local.sh} printed. */
    static PrincipalTokenSigner signerFrom(Path privateKeyFile) {
        try {
            return signerOf(PrincipalTokenSigner.privateKeyFromPem(Files.readString(privateKeyFile)));
        } catch (IOException e) {
            throw new StackOptions.UsageException("cannot read the chat-backend signing key " + privateKeyFile + ": "
                    + e.getMessage());
        } catch (IllegalArgumentException e) {
            throw new StackOptions.UsageException(privateKeyFile + " is " + e.getMessage());
        }
    }

    private static PrincipalTokenSigner signerOf(java.security.PrivateKey key) {
        return new PrincipalTokenSigner(ISSUER, AUDIENCE, key, Clock.systemUTC(), TOKEN_LIFETIME);
    }

    /** The headers a chat backend publishes a turn with: CloudEvents, the trace, and the turn's principal token. */
    public static Map<String, String> signedTurnHeaders(TurnRequested turn, String source, TraceParent trace,
                                                 PrincipalTokenSigner signer) {
        Map<String, String> headers = new LinkedHashMap<>(CloudEventHeaders.of(turn, source, trace));
        headers.put(PrincipalHeader.NAME, PrincipalHeader.valueOf(signer.sign(turn.run())));
        return headers;
    }

    PrincipalTokenSigner signer() {
        return signer;
    }

    Path privateKeyFile() {
        return privateKeyFile;
    }

    /** The settings that trust this key as the issuer of {@code tenants}' principals (snapshot, router, executor). */
    Map<String, String> issuerConfig(String... tenants) {
        Map<String, String> config = new LinkedHashMap<>();
        String issuer = "capplanner.principals.issuers.local-chat-backend.";
        config.put(issuer + "issuer", ISSUER);
        config.put(issuer + "public-key-location", publicKeyFile.toString());
        config.put(issuer + "audience", AUDIENCE);
        config.put(issuer + "tenants", String.join(",", tenants));
        config.put(issuer + "claims.project", "project");
        config.put(issuer + "max-lifetime", "1h");
        return config;
    }

    /** A private key file readable by its owner alone (where the file system knows owners). */
    static void ownerOnly(Path file) throws IOException {
        try {
            Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
        } catch (UnsupportedOperationException notPosix) {
            // Windows: the temporary directory is the user's own already.
        }
    }
}
