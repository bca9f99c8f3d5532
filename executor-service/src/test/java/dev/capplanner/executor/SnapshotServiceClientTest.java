package dev.capplanner.executor;

import static org.assertj.core.api.Assertions.assertThat;

import dev.capplanner.contracts.snapshotservice.AudienceRequest;
import dev.capplanner.contracts.snapshotservice.AuthorizationQuestion;
import dev.capplanner.contracts.snapshotservice.TargetQuestion;
import dev.capplanner.contracts.snapshotservice.TroubleshootingQuestion;
import dev.capplanner.eventbus.snapshots.SnapshotServiceApi;
import dev.capplanner.executor.authorization.AuthorizationDecision;
import dev.capplanner.executor.authorization.DenialRule;
import dev.capplanner.executor.client.SnapshotServiceClient;
import dev.capplanner.executor.request.RunPrincipal;
import dev.capplanner.executor.request.RunScope;
import io.smallrye.mutiny.Uni;
import java.net.ConnectException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.jboss.resteasy.reactive.RestResponse;
import org.junit.jupiter.api.Test;

/**
 * The last-mile question to the registry: an outage is waited out, for a while; a refusal is final.
 * The HTTP exchange itself is covered by the service's pipeline tests against a snapshot service stand-in.
 */
class SnapshotServiceClientTest {

    private final AtomicInteger asked = new AtomicInteger();
    private final AtomicReference<AuthorizationQuestion> lastQuestion = new AtomicReference<>();

    /** A registry that answers {@code failing} times with {@code failure}, then with {@code answer}. */
    private SnapshotServiceApi registry(int failing, int failure, String answer) {
        return new Registry() {
            @Override
            public Uni<RestResponse<byte[]>> authorize(AuthorizationQuestion question) {
                return Uni.createFrom().item(() -> {
                    lastQuestion.set(question);
                    boolean fails = asked.incrementAndGet() <= failing;
                    return RestResponse.ResponseBuilder.<byte[]>create(fails ? failure : 200)
                            .entity((fails ? "{}" : answer).getBytes(StandardCharsets.UTF_8)).build();
                });
            }
        };
    }

    private SnapshotServiceApi unreachable() {
        return new Registry() {
            @Override
            public Uni<RestResponse<byte[]>> authorize(AuthorizationQuestion question) {
                return Uni.createFrom().<RestResponse<byte[]>>emitter(emitter -> {
                    asked.incrementAndGet();
                    emitter.fail(new ConnectException("Connection refused"));
                });
            }
        };
    }

    private static AuthorizationDecision ask(SnapshotServiceClient client) throws Exception {
        return client.authorize(new RunScope("acme", "support-desk"), new RunPrincipal("u-17", List.of("support-agent")),
                "orders.detail").toCompletableFuture().get(30, TimeUnit.SECONDS);
    }

    @Test
    void theQuestionNamesTheRunsAudienceAndTheCapability() throws Exception {
        ask(new SnapshotServiceClient(registry(0, 200, "{\"allowed\": true}"), Duration.ofSeconds(20)));
        assertThat(lastQuestion.get()).isEqualTo(new AuthorizationQuestion("acme", "support-desk",
                new AuthorizationQuestion.Asker("u-17", List.of("support-agent")), "orders.detail"));
    }

    @Test
    void aRegistryFailingOnItsDatabaseIsAskedAgainUntilItAnswers() throws Exception {
        AuthorizationDecision decision = ask(new SnapshotServiceClient(registry(3, 500, "{\"allowed\": true}"),
                Duration.ofSeconds(20)));
        assertThat(decision.allowed()).isTrue();
        assertThat(asked).hasValue(4);
    }

    @Test
    void aRegistryStillAwayAfterThePatienceDeniesTheCall() throws Exception {
        AuthorizationDecision decision = ask(new SnapshotServiceClient(registry(Integer.MAX_VALUE, 503, "{}"),
                Duration.ofMillis(700)));
        assertThat(decision.allowed()).isFalse();
        assertThat(decision.rule()).isEqualTo(DenialRule.AUTHORIZATION_UNAVAILABLE);
        assertThat(asked.get()).as("asked again meanwhile").isGreaterThan(1);
    }

    @Test
    void anUnreachableRegistryIsAskedAgainThenDeniesOnceThePatienceIsUp() throws Exception {
        AuthorizationDecision decision = ask(new SnapshotServiceClient(unreachable(), Duration.ofMillis(700)));
        assertThat(decision.allowed()).isFalse();
        assertThat(decision.rule()).isEqualTo(DenialRule.AUTHORIZATION_UNAVAILABLE);
        assertThat(decision.reason()).startsWith("authorization unavailable");
        assertThat(asked.get()).as("asked again meanwhile").isGreaterThan(1);
    }

    @Test
    void aRefusalOrAnythingButAnExplicitAllowIsFinal() throws Exception {
        SnapshotServiceApi registry = registry(1, 400, "{\"allowed\": \"true\"}");
        AuthorizationDecision refused = ask(new SnapshotServiceClient(registry, Duration.ofSeconds(20)));
        assertThat(refused.allowed()).isFalse();
        assertThat(asked).as("a 4xx is not an outage").hasValue(1);
        AuthorizationDecision denied = ask(new SnapshotServiceClient(registry, Duration.ofSeconds(20)));
        assertThat(denied.allowed()).as("an answer without allowed=true (a string is not a boolean)").isFalse();
        assertThat(denied.rule()).isEqualTo(DenialRule.REGISTRY_DENIED);
    }

    @Test
    void anUnreadableAnswerDeniesWithoutAskingAgain() throws Exception {
        AuthorizationDecision denied = ask(new SnapshotServiceClient(registry(0, 200, "{\"allowed\": tru"),
                Duration.ofSeconds(20)));
        assertThat(denied.allowed()).isFalse();
        assertThat(denied.rule()).isEqualTo(DenialRule.AUTHORIZATION_UNAVAILABLE);
        assertThat(asked).hasValue(1);
    }

    @Test
    void troubleshootingIsOnOnlyWhenTheRegistrySaysExactlySoAndOffWhenItCannotSay() throws Exception {
        AtomicReference<TroubleshootingQuestion> question = new AtomicReference<>();
        java.util.function.Function<RestResponse<byte[]>, Boolean> on = response -> {
            SnapshotServiceApi registry = new Registry() {
                @Override
                public Uni<RestResponse<byte[]>> authorize(AuthorizationQuestion ignored) {
                    throw new AssertionError("not asked for authorizations");
                }

                @Override
                public Uni<RestResponse<byte[]>> troubleshooting(TroubleshootingQuestion asked) {
                    question.set(asked);
                    return response == null ? Uni.createFrom().failure(new ConnectException("refused"))
                            : Uni.createFrom().item(response);
                }
            };
            try {
                return new SnapshotServiceClient(registry, Duration.ofSeconds(20)).isOn(new RunScope("acme", "desk"),
                        new RunPrincipal("u-17", List.of())).toCompletableFuture().get(30, TimeUnit.SECONDS);
            } catch (Exception e) {
                throw new AssertionError(e);
            }
        };

        assertThat(on.apply(answer(200, "{\"on\": true}"))).isTrue();
        assertThat(question.get()).isEqualTo(new TroubleshootingQuestion("acme", "u-17"));
        assertThat(on.apply(answer(200, "{\"on\": false}"))).isFalse();
        assertThat(on.apply(answer(200, "{\"on\": \"true\"}"))).isFalse();
        assertThat(on.apply(answer(500, "{\"on\": true}"))).isFalse();
        assertThat(on.apply(answer(200, "{\"on\": tr"))).isFalse();
        assertThat(on.apply(null)).isFalse();
    }

    private static RestResponse<byte[]> answer(int status, String body) {
        return RestResponse.ResponseBuilder.<byte[]>create(status).entity(body.getBytes(StandardCharsets.UTF_8)).build();
    }

    /** Only the authorization endpoint is asked here. */
    private abstract static class Registry implements SnapshotServiceApi {
        @Override
        public Uni<RestResponse<byte[]>> snapshot(String hash) {
            throw new AssertionError("not asked for snapshots");
        }

        @Override
        public Uni<RestResponse<byte[]>> currentSnapshot(AudienceRequest audience) {
            throw new AssertionError("not asked for audiences");
        }

        @Override
        public Uni<RestResponse<byte[]>> target(TargetQuestion question) {
            throw new AssertionError("not asked for targets");
        }

        @Override
        public Uni<RestResponse<byte[]>> troubleshooting(TroubleshootingQuestion question) {
            throw new AssertionError("not asked about troubleshooting");
        }
    }
}
