package dev.capplanner.contracts.trust;

import java.security.PrivateKey;
import org.jose4j.jws.AlgorithmIdentifiers;
import org.jose4j.jws.JsonWebSignature;
import org.jose4j.jwt.JwtClaims;
import org.jose4j.lang.JoseException;

/** Compact JWTs signed RS256, the one way this suite signs the tokens it makes (principal and service tokens). */
public final class JwtSignatures {

    private JwtSignatures() {
    }

    public static String rs256(JwtClaims claims, PrivateKey key) {
        JsonWebSignature jws = new JsonWebSignature();
        jws.setPayload(claims.toJson());
        jws.setKey(key);
        jws.setAlgorithmHeaderValue(AlgorithmIdentifiers.RSA_USING_SHA256);
        jws.setHeader("typ", "JWT");
        try {
            return jws.getCompactSerialization();
        } catch (JoseException e) {
            throw new IllegalStateException("the token could not be signed", e);
        }
    }
}
