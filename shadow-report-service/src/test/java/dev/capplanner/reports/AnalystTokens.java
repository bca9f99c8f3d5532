package dev.capplanner.reports;

import io.smallrye.jwt.build.Jwt;
import java.util.List;
import java.util.Set;

/** Bearer tokens as an identity provider would issue them, signed with the tests' own key. */
final class AnalystTokens {

    static final String ISSUER = "https://capplanner.test/analysts";

    private AnalystTokens() {
    }

    static String token(Set<String> roles, List<String> tenants) {
        return Jwt.issuer(ISSUER).upn("analyst@example.com").groups(roles).claim("tenants", tenants).sign();
    }

    /** A well-formed analyst token of tenant acme whose signature no trusted key made. */
    static String signedByAnotherKey() {
        try {
            java.security.KeyPairGenerator generator = java.security.KeyPairGenerator.getInstance("RSA");
            generator.initialize(2048);
            return "Bearer " + Jwt.issuer(ISSUER).upn("intruder").groups(Set.of("analyst"))
                    .claim("tenants", List.of("acme")).sign(generator.generateKeyPair().getPrivate());
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The authorization header value of an analyst of these tenants. */
    static String analystOf(String... tenants) {
        return "Bearer " + token(Set.of("analyst"), List.of(tenants));
    }
}
