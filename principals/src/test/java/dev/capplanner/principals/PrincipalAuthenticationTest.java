package dev.capplanner.principals;

import static org.assertj.core.api.Assertions.assertThat;

import dev.capplanner.contracts.PrincipalHeader;
import dev.capplanner.contracts.principal.PrincipalTokenSigner;
import dev.capplanner.contracts.trust.JwtSignatures;
import dev.capplanner.principals.jwt.JwtPrincipalTokens;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPair;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.jose4j.jws.AlgorithmIdentifiers;
import org.jose4j.jws.JsonWebSignature;
import org.jose4j.jwt.JwtClaims;
import org.jose4j.jwt.NumericDate;
import org.jose4j.keys.HmacKey;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Rule "verified principals", attacked: every token below is refused with a reason that names the
 * check it failed and never quotes the token, and only a token of a configured issuer, for a tenant it
 * may speak for, naming exactly the turn's tenant, project, user and roles, admits the turn. The
 * tokens are real JWTs verified by smallrye-jwt.
 */
class PrincipalAuthenticationTest {

    static final String ACME_ISSUER = "https://idp.acme.test/realms/acme";
    static final String KEYCLOAK_ISSUER = "https://idp.globex.test/realms/globex";
    static final ClaimedPrincipal TURN = new ClaimedPrincipal("acme", "support-desk", "u-17",
            List.of("support-agent", "support-lead"));

    static final KeyPair ACME_KEYS = PrincipalTokenSigner.newKeyPair();
    static final KeyPair GLOBEX_KEYS = PrincipalTokenSigner.newKeyPair();
    static final KeyPair ATTACKER_KEYS = PrincipalTokenSigner.newKeyPair();
    static final Clock NOW = Clock.fixed(Instant.now(), ZoneOffset.UTC);

    @TempDir
    static Path keys;
    static PrincipalAuthentication authentication;
    static PrincipalAuthentication assertedAllowed;

    @BeforeAll
    static void issuers() throws IOException {
        Path acmeKey = Files.writeString(keys.resolve("acme.pem"), PrincipalTokenSigner.pem(ACME_KEYS.getPublic()));
        Path globexKey = Files.writeString(keys.resolve("globex.pem"), PrincipalTokenSigner.pem(GLOBEX_KEYS.getPublic()));
        JwtPrincipalTokens tokens = new JwtPrincipalTokens(List.of(
                new JwtPrincipalTokens.IssuerSettings(new PrincipalIssuer("acme-idp", ACME_ISSUER, Set.of("acme"),
                        new ClaimNames("tenant", "project", "sub", "groups")), acmeKey.toString(), Set.of("capplanner"),
                        Duration.ofSeconds(30), Optional.of(Duration.ofHours(1))),
                // A Keycloak-shaped issuer: roles nested, no project claim, speaks for globex only.
                new JwtPrincipalTokens.IssuerSettings(new PrincipalIssuer("globex-keycloak", KEYCLOAK_ISSUER, Set.of("globex"),
                        new ClaimNames("org.tenant", null, "preferred_username", "realm_access.roles")),
                        globexKey.toString(), Set.of("capplanner", "account"), Duration.ofSeconds(30), Optional.empty())));
        authentication = new PrincipalAuthentication(tokens, false);
        assertedAllowed = new PrincipalAuthentication(tokens, true);
    }

    @Test
    void aTokenOfTheTurnsIssuerNamingExactlyItsPrincipalAdmitsIt() {
        Admission admission = authentication.admit(List.of(PrincipalHeader.valueOf(acme(c -> { }))), TURN);
        assertThat(admission).isEqualTo(new Admission.Admitted(TURN, true));
    }

    @Test
    void rolesInAnyOrderAndAsOneScopeStringAreTheSameRoles() {
        assertThat(authentication.admit(List.of(PrincipalHeader.valueOf(acme(c -> c.setStringListClaim("groups",
                "support-lead", "support-agent")))), TURN)).isInstanceOf(Admission.Admitted.class);
        assertThat(authentication.admit(List.of(PrincipalHeader.valueOf(acme(c -> c.setClaim("groups",
                "support-lead support-agent")))), TURN)).isInstanceOf(Admission.Admitted.class);
    }

    @Test
    void aKeycloakShapedTokenIsReadThroughItsClaimMapping() {
        ClaimedPrincipal globexTurn = new ClaimedPrincipal("globex", "any-project", "maria", List.of("agent"));
        String token = sign(GLOBEX_KEYS, claims(KEYCLOAK_ISSUER, "account", c -> {
            c.setClaim("org", Map.of("tenant", "globex"));
            c.setClaim("preferred_username", "maria");
            c.setClaim("realm_access", Map.of("roles", List.of("agent")));
        }));
        assertThat(authentication.admit(List.of(PrincipalHeader.valueOf(token)), globexTurn))
                .isEqualTo(new Admission.Admitted(globexTurn, true));
    }

    @Test
    void assertedPrincipalsAreTakenOnlyWhenTheDeploymentOptedInAndNeverOverABadToken() {
        assertThat(authentication.admit(List.of(), TURN)).isEqualTo(new Admission.Refused("no principal token"));
        assertThat(assertedAllowed.admit(List.of(), TURN)).isEqualTo(new Admission.Admitted(TURN, false));
        assertThat(assertedAllowed.admit(List.of(PrincipalHeader.valueOf(forgedByAttacker())), TURN))
                .as("opting in to asserted principals does not make a bad token acceptable")
                .isInstanceOf(Admission.Refused.class);
    }

    static Stream<Arguments> hostileTurns() {
        long now = NOW.instant().getEpochSecond();
        return Stream.of(
                refused("no principal token", List.of()),
                refused("two tokens on one record", List.of(PrincipalHeader.valueOf(acme(c -> { })),
                        PrincipalHeader.valueOf(acme(c -> { }))), "more than one principal token"),
                refused("another scheme", List.of("Basic dTpw"), "not 'Bearer <token>'"),
                refused("an empty bearer", List.of("Bearer "), "not 'Bearer <token>'"),
                refused("not a JWT", bearer("not-a-token"), "not a signed JWT"),
                refused("an encrypted-looking JWT (five parts)", bearer("a.b.c.d.e"), "not a signed JWT"),
                refused("garbage payload", bearer("eyJhbGciOiJSUzI1NiJ9.!!!.sig"), "not a signed JWT"),
                refused("oversized", bearer("x".repeat(20_000)), "larger than"),
                refused("signed by an attacker's key", bearer(forgedByAttacker()), "signature does not verify"),
                refused("signed by another issuer's key", bearer(sign(GLOBEX_KEYS, claims(ACME_ISSUER, "capplanner",
                        c -> standard(c)))), "signature does not verify"),
                refused("alg none", bearer(unsigned(claims(ACME_ISSUER, "capplanner", c -> standard(c)))),
                        "algorithm is not accepted"),
                refused("HS256 with the issuer's public key as the secret", bearer(hmacWithPublicKey()),
                        "algorithm is not accepted"),
                refused("payload altered after signing", bearer(altered()), "signature does not verify"),
                refused("an unconfigured issuer", bearer(sign(ACME_KEYS, claims("https://evil.test", "capplanner",
                        c -> standard(c)))), "issuer is not a configured issuer"),
                refused("no issuer", bearer(sign(ACME_KEYS, claims(null, "capplanner", c -> standard(c)))),
                        "issuer is not a configured issuer"),
                refused("expired", bearer(acme(c -> c.setExpirationTime(NumericDate.fromSeconds(now - 600)))),
                        "token has expired"),
                refused("expired beyond the clock skew", bearer(acme(c -> c.setExpirationTime(
                        NumericDate.fromSeconds(now - 45)))), "token has expired"),
                refused("no expiry", bearer(acme(c -> c.unsetClaim("exp"))), "no expiry"),
                refused("not valid yet", bearer(acme(c -> c.setNotBefore(NumericDate.fromSeconds(now + 120)))),
                        "not valid yet"),
                refused("lives longer than allowed", bearer(acme(c -> c.setExpirationTime(
                        NumericDate.fromSeconds(now + 86_400)))), "lives longer"),
                refused("another audience", bearer(sign(ACME_KEYS, claims(ACME_ISSUER, "billing-service",
                        c -> standard(c)))), "not for this audience"),
                refused("no audience", bearer(sign(ACME_KEYS, claims(ACME_ISSUER, null, c -> standard(c)))),
                        "not for this audience"),
                refused("a tenant its issuer may not speak for", bearer(acme(c -> c.setClaim("tenant", "globex"))),
                        "may not speak for tenant globex"),
                refused("no tenant claim", bearer(acme(c -> c.unsetClaim("tenant"))), "no tenant claim"),
                refused("a tenant that is not a string", bearer(acme(c -> c.setClaim("tenant", List.of("acme")))),
                        "no tenant claim"),
                refused("no user", bearer(acme(c -> c.unsetClaim("sub"))), "no user claim"),
                refused("no project", bearer(acme(c -> c.unsetClaim("project"))), "no project claim"),
                refusedFor("a turn naming another tenant", bearer(acme(c -> { })),
                        new ClaimedPrincipal("globex", "support-desk", "u-17", TURN.roles()), "request's tenant is not the token's"),
                refusedFor("a turn naming another project", bearer(acme(c -> { })),
                        new ClaimedPrincipal("acme", "billing", "u-17", TURN.roles()), "request's project is not the token's"),
                refusedFor("a turn naming another user", bearer(acme(c -> { })),
                        new ClaimedPrincipal("acme", "support-desk", "u-1", TURN.roles()), "request's user is not the token's"),
                refusedFor("a turn widening its roles", bearer(acme(c -> { })),
                        new ClaimedPrincipal("acme", "support-desk", "u-17", List.of("support-agent", "support-lead",
                                "admin")), "request's roles are not the token's"),
                refusedFor("a turn narrowing its roles", bearer(acme(c -> { })),
                        new ClaimedPrincipal("acme", "support-desk", "u-17", List.of("support-agent")),
                        "request's roles are not the token's"),
                refused("a Keycloak token for a tenant its issuer does not serve", bearer(sign(GLOBEX_KEYS,
                        claims(KEYCLOAK_ISSUER, "account", c -> {
                            c.setClaim("org", Map.of("tenant", "acme"));
                            c.setClaim("preferred_username", "u-17");
                            c.setClaim("realm_access", Map.of("roles", TURN.roles()));
                        }))), "may not speak for tenant acme"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("hostileTurns")
    void aHostileTurnIsRefusedWithTheCheckItFailedAndNeverTheToken(String attack, List<String> headers,
                                                                   ClaimedPrincipal turn, String check) {
        Admission admission = authentication.admit(headers, turn);
        assertThat(admission).as(attack).isInstanceOf(Admission.Refused.class);
        String reason = ((Admission.Refused) admission).reason();
        assertThat(reason).as(attack).contains(check);
        for (String header : headers) {
            for (String part : header.replace("Bearer ", "").split("\\.")) {
                if (part.length() > 8) {
                    assertThat(reason).as("the reason never quotes the token").doesNotContain(part);
                }
            }
        }
    }

    private static Arguments refused(String attack, List<String> headers, String check) {
        return refusedFor(attack, headers, TURN, check);
    }

    private static Arguments refused(String attack, List<String> headers) {
        return refusedFor(attack, headers, TURN, "no principal token");
    }

    private static Arguments refusedFor(String attack, List<String> headers, ClaimedPrincipal turn, String check) {
        return Arguments.of(attack, headers, turn, check);
    }

    private static List<String> bearer(String token) {
        return List.of(PrincipalHeader.valueOf(token));
    }

    /** An acme token for {@link #TURN}, changed by {@code change}. */
    private static String acme(Consumer<JwtClaims> change) {
        return sign(ACME_KEYS, claims(ACME_ISSUER, "capplanner", c -> {
            standard(c);
            change.accept(c);
        }));
    }

    private static void standard(JwtClaims claims) {
        claims.setSubject(TURN.userId());
        claims.setClaim("tenant", TURN.tenantId());
        claims.setClaim("project", TURN.projectId());
        claims.setStringListClaim("groups", TURN.roles());
    }

    private static JwtClaims claims(String issuer, String audience, Consumer<JwtClaims> fill) {
        JwtClaims claims = new JwtClaims();
        long now = NOW.instant().getEpochSecond();
        if (issuer != null) {
            claims.setIssuer(issuer);
        }
        if (audience != null) {
            claims.setAudience(audience);
        }
        claims.setIssuedAt(NumericDate.fromSeconds(now));
        claims.setExpirationTime(NumericDate.fromSeconds(now + 300));
        fill.accept(claims);
        return claims;
    }

    /** Signed exactly as given (RS256): the tests decide every claim, a missing one included. */
    private static String sign(KeyPair keys, JwtClaims claims) {
        return JwtSignatures.rs256(claims, keys.getPrivate());
    }

    private static String forgedByAttacker() {
        return sign(ATTACKER_KEYS, claims(ACME_ISSUER, "capplanner", c -> standard(c)));
    }

    private static String unsigned(JwtClaims claims) {
        String header = Base64.getUrlEncoder().withoutPadding().encodeToString(
                "{\"alg\":\"none\",\"typ\":\"JWT\"}".getBytes(StandardCharsets.UTF_8));
        String payload = Base64.getUrlEncoder().withoutPadding().encodeToString(
                claims.toJson().getBytes(StandardCharsets.UTF_8));
        return header + "." + payload + ".";
    }

    /** The classic algorithm confusion: HMAC keyed with the issuer's public key, which anyone has. */
    private static String hmacWithPublicKey() {
        try {
            JsonWebSignature jws = new JsonWebSignature();
            jws.setPayload(claims(ACME_ISSUER, "capplanner", c -> standard(c)).toJson());
            jws.setKey(new HmacKey(PrincipalTokenSigner.pem(ACME_KEYS.getPublic()).getBytes(StandardCharsets.US_ASCII)));
            jws.setAlgorithmHeaderValue(AlgorithmIdentifiers.HMAC_SHA256);
            jws.setDoKeyValidation(false);
            return jws.getCompactSerialization();
        } catch (org.jose4j.lang.JoseException e) {
            throw new IllegalStateException(e);
        }
    }

    /** A valid token whose payload then names another user, keeping the original signature. */
    private static String altered() {
        String[] parts = acme(c -> { }).split("\\.");
        String payload = new String(Base64.getUrlDecoder().decode(parts[1]), StandardCharsets.UTF_8)
                .replace("\"u-17\"", "\"u-1\"");
        return parts[0] + "." + Base64.getUrlEncoder().withoutPadding().encodeToString(
                payload.getBytes(StandardCharsets.UTF_8)) + "." + parts[2];
    }
}
