package dev.capplanner.snapshot;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import dev.capplanner.contracts.principal.PrincipalTokenSigner;
import dev.capplanner.contracts.trust.JwtSignatures;
import dev.capplanner.contracts.trust.ServiceTokenSigner;
import dev.capplanner.testing.events.TestPrincipals;
import dev.capplanner.testing.events.TurnFixtures;
import dev.capplanner.testing.quarkus.KafkaBrokerTestResource;
import dev.capplanner.testing.quarkus.PostgresTestResource;
import dev.capplanner.testing.quarkus.TestServiceKeys;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.jose4j.jwt.JwtClaims;
import org.jose4j.jwt.NumericDate;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Rule "authenticated internal APIs", attacked: every call to the snapshot service's internal API
 * (snapshots by hash, an audience's snapshot, live authorization, registered call targets) without a service token, with a
 * bad one, or with another service's token lacking the endpoint's scope is refused before the
 * resource runs (401 or 403, the check named, no catalog and no decision in the answer); each caller
 * gets exactly its stage's scopes.
 */
@QuarkusTest
@QuarkusTestResource(KafkaBrokerTestResource.class)
@QuarkusTestResource(PostgresTestResource.class)
class InternalApiTest {

    static final String UNKNOWN_HASH = "sha256:" + "0".repeat(64);
    static final Map<String, Object> AUDIENCE = Map.of("tenantId", "acme", "projectId", "support-desk",
            "roles", List.of("support-agent"));
    static final Map<String, Object> DECISION = Map.of("tenantId", "acme", "projectId", "support-desk",
            "principal", Map.of("userId", "u-17", "roles", List.of("support-agent")), "capability", "orders.list");
    static final Map<String, Object> TARGET_QUESTION = Map.of("tenantId", "acme", "projectId", "support-desk",
            "target", "no-such-target");

    enum Endpoint {
        SNAPSHOT_BY_HASH(spec -> spec.get("/snapshots/" + UNKNOWN_HASH)),
        AUDIENCE_SNAPSHOT(spec -> spec.contentType(ContentType.JSON).body(AUDIENCE).post("/snapshots")),
        AUTHORIZATION(spec -> spec.contentType(ContentType.JSON).body(DECISION).post("/authorizations")),
        TARGET(spec -> spec.contentType(ContentType.JSON).body(TARGET_QUESTION).post("/targets"));

        final java.util.function.Function<RequestSpecification, Response> call;

        Endpoint(java.util.function.Function<RequestSpecification, Response> call) {
            this.call = call;
        }
    }

    static Stream<Arguments> scopes() {
        // What each stage needs, and nothing else: 404/200 means the resource ran (an unknown hash is not found).
        return Stream.of(
                Arguments.of("router-service", Endpoint.SNAPSHOT_BY_HASH, 404),
                Arguments.of("router-service", Endpoint.AUDIENCE_SNAPSHOT, 200),
                Arguments.of("router-service", Endpoint.AUTHORIZATION, 403),
                Arguments.of("router-service", Endpoint.TARGET, 403),
                Arguments.of("planner-service", Endpoint.SNAPSHOT_BY_HASH, 404),
                Arguments.of("planner-service", Endpoint.AUDIENCE_SNAPSHOT, 403),
                Arguments.of("planner-service", Endpoint.AUTHORIZATION, 403),
                Arguments.of("planner-service", Endpoint.TARGET, 403),
                Arguments.of("executor-service", Endpoint.SNAPSHOT_BY_HASH, 404),
                Arguments.of("executor-service", Endpoint.AUDIENCE_SNAPSHOT, 403),
                Arguments.of("executor-service", Endpoint.AUTHORIZATION, 200),
                Arguments.of("executor-service", Endpoint.TARGET, 404));
    }

    @ParameterizedTest(name = "{0} -> {1}: {2}")
    @MethodSource("scopes")
    void eachServiceReachesOnlyWhatItsStageNeeds(String service, Endpoint endpoint, int status) {
        Response response = endpoint.call.apply(given().header("Authorization", TestServiceKeys.bearer(service)));
        assertThat(response.statusCode()).isEqualTo(status);
        if (status == 403) {
            assertThat(response.jsonPath().getString("detail")).startsWith("service " + service + " may not ");
            assertThat(response.asString()).doesNotContain("hash").doesNotContain("allowed");
        }
    }

    static Stream<Arguments> hostileCalls() {
        long now = Instant.now().getEpochSecond();
        return Stream.of(Endpoint.values()).flatMap(endpoint -> Stream.of(
                Arguments.of("no credential", endpoint, List.of(), "no service token"),
                Arguments.of("another scheme", endpoint, List.of("Basic ZXhlY3V0b3I6c2VjcmV0"),
                        "not 'Bearer <token>'"),
                Arguments.of("two tokens", endpoint, List.of(TestServiceKeys.bearer("executor-service"),
                        TestServiceKeys.bearer("executor-service")), "more than one service token"),
                Arguments.of("not a JWT", endpoint, List.of("Bearer executor-service"), "not a signed JWT"),
                Arguments.of("a token for another audience", endpoint,
                        List.of(TestServiceKeys.bearer("executor-service", "router-service")), "not for this audience"),
                Arguments.of("the executor's name signed by an attacker", endpoint,
                        List.of(bearer(PrincipalTokenSigner.newKeyPair().getPrivate(), "executor-service", c -> { })),
                        "signature does not verify"),
                Arguments.of("an expired executor token", endpoint, List.of(bearer(executorKey(), "executor-service",
                        c -> c.setExpirationTime(NumericDate.fromSeconds(now - 600)))), "token has expired"),
                Arguments.of("a subject that is not the issuer", endpoint, List.of(bearer(executorKey(),
                        "executor-service", c -> c.setSubject(ServiceTokenSigner.issuerOf("router-service")))),
                        "subject is not its issuer"),
                Arguments.of("an unknown service", endpoint, List.of("Bearer " + new ServiceTokenSigner(
                        "shadow-report-service", PrincipalTokenSigner.newKeyPair().getPrivate(), Clock.systemUTC(),
                        Duration.ofMinutes(5)).tokenFor("snapshot-service")), "not a known service"),
                Arguments.of("a chat backend's principal token", endpoint,
                        List.of(TestPrincipals.headerFor(TurnFixtures.run("internal"))), "not a known service")));
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @MethodSource("hostileCalls")
    void aCallWithoutAValidServiceTokenIsRefusedBeforeTheResourceRuns(String attack, Endpoint endpoint,
                                                                    List<String> authorizations, String check) {
        RequestSpecification spec = given();
        for (String authorization : authorizations) {
            spec = spec.header("Authorization", authorization);
        }
        Response response = endpoint.call.apply(spec);
        assertThat(response.statusCode()).as(attack).isEqualTo(401);
        assertThat(response.header("WWW-Authenticate")).isEqualTo("Bearer");
        assertThat(response.jsonPath().getString("detail")).as(attack).contains(check);
        assertThat(response.asString()).as("no catalog, no decision").doesNotContain("capabilit").doesNotContain("allowed")
                .doesNotContain("eyJ");
    }

    private static java.security.PrivateKey executorKey() {
        return dev.capplanner.testing.events.TestPrincipals.privateKey("services/executor-service-private-key.pem");
    }

    /** A service token as a caller would sign it, changed by {@code change} (for tokens no real caller makes). */
    private static String bearer(java.security.PrivateKey key, String service, java.util.function.Consumer<JwtClaims> change) {
        long now = Clock.systemUTC().instant().getEpochSecond();
        JwtClaims claims = new JwtClaims();
        claims.setIssuer(ServiceTokenSigner.issuerOf(service));
        claims.setSubject(ServiceTokenSigner.issuerOf(service));
        claims.setAudience("snapshot-service");
        claims.setIssuedAt(NumericDate.fromSeconds(now));
        claims.setExpirationTime(NumericDate.fromSeconds(now + 300));
        change.accept(claims);
        return "Bearer " + JwtSignatures.rs256(claims, key);
    }
}
