package dev.capplanner.contracts.principal;

import dev.capplanner.contracts.events.RunContext;
import dev.capplanner.contracts.trust.JwtSignatures;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.NoSuchAlgorithmException;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.spec.PKCS8EncodedKeySpec;
import java.security.spec.X509EncodedKeySpec;
import java.time.Clock;
import java.time.Duration;
import java.util.Base64;
import java.util.UUID;
import org.jose4j.jwt.JwtClaims;
import org.jose4j.jwt.NumericDate;

/**
 * Signs a turn's principal token as a chat backend (or its identity provider) does: RS256 over
 * {@code iss}, {@code aud}, {@code sub} (the user), {@code tenant}, {@code project}, {@code groups}
 * (the roles), {@code iat}, {@code exp} and a fresh {@code jti} (docs/chat-backend.md, "Principal
 * token"). The local stack's chat backend and the tests sign with it; any JWT library does the same.
 */
public final class PrincipalTokenSigner {

    private final String issuer;
    private final String audience;
    private final PrivateKey key;
    private final Clock clock;
    private final Duration lifetime;

    public PrincipalTokenSigner(String issuer, String audience, PrivateKey key, Clock clock, Duration lifetime) {
        this.issuer = issuer;
        this.audience = audience;
        this.key = key;
        this.clock = clock;
        this.lifetime = lifetime;
    }

    /** A token asserting the run's tenant, project, user and roles. */
    public String sign(RunContext run) {
        JwtClaims claims = new JwtClaims();
        claims.setIssuer(issuer);
        claims.setAudience(audience);
        claims.setSubject(run.principal().userId());
        claims.setClaim("tenant", run.tenantId());
        claims.setClaim("project", run.projectId());
        claims.setStringListClaim("groups", run.principal().roles());
        return sign(claims);
    }

    /** Any claims, with this signer's issuer, lifetime and id unless they set their own (tests of bad tokens). */
    public String sign(JwtClaims claims) {
        long now = clock.instant().getEpochSecond();
        if (!claims.hasClaim("iss")) {
            claims.setIssuer(issuer);
        }
        if (!claims.hasClaim("iat")) {
            claims.setIssuedAt(NumericDate.fromSeconds(now));
        }
        if (!claims.hasClaim("exp")) {
            claims.setExpirationTime(NumericDate.fromSeconds(now + lifetime.toSeconds()));
        }
        if (!claims.hasClaim("jti")) {
            claims.setJwtId(UUID.randomUUID().toString());
        }
        return JwtSignatures.rs256(claims, key);
    }

    /** A new RSA key pair (2048 bits) for a signer. */
    public static KeyPair newKeyPair() {
        try {
            KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
            generator.initialize(2048);
            return generator.generateKeyPair();
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JVM ships RSA", e);
        }
    }

    /** A private key as PKCS#8 PEM ({@code -----BEGIN PRIVATE KEY-----}). */
    public static String pem(PrivateKey key) {
        return pem("PRIVATE KEY", key.getEncoded());
    }

    /** A public key as X.509 SubjectPublicKeyInfo PEM ({@code -----BEGIN PUBLIC KEY-----}). */
    public static String pem(PublicKey key) {
        return pem("PUBLIC KEY", key.getEncoded());
    }

    /** A PKCS#8 PEM RSA private key ({@code -----BEGIN PRIVATE KEY-----}), as {@link #pem(PrivateKey)} writes it. */
    public static PrivateKey privateKeyFromPem(String pem) {
        try {
            return KeyFactory.getInstance("RSA").generatePrivate(new PKCS8EncodedKeySpec(der(pem, "PRIVATE KEY")));
        } catch (GeneralSecurityException | IllegalArgumentException e) {
            throw new IllegalArgumentException("not a PKCS#8 PEM RSA private key", e);
        }
    }

    /** An X.509 PEM RSA public key ({@code -----BEGIN PUBLIC KEY-----}), as {@link #pem(PublicKey)} writes it. */
    public static PublicKey publicKeyFromPem(String pem) {
        try {
            return KeyFactory.getInstance("RSA").generatePublic(new X509EncodedKeySpec(der(pem, "PUBLIC KEY")));
        } catch (GeneralSecurityException | IllegalArgumentException e) {
            throw new IllegalArgumentException("not an X.509 PEM RSA public key", e);
        }
    }

    /** The bytes between a PEM's BEGIN and END lines of this type. */
    private static byte[] der(String pem, String type) {
        return Base64.getDecoder().decode(pem.replaceAll("-----(BEGIN|END) " + type + "-----", "").replaceAll("\\s", ""));
    }

    private static String pem(String type, byte[] der) {
        return "-----BEGIN " + type + "-----\n" + Base64.getMimeEncoder(64, "\n".getBytes(java.nio.charset.StandardCharsets.US_ASCII))
                .encodeToString(der) + "\n-----END " + type + "-----\n";
    }
}
