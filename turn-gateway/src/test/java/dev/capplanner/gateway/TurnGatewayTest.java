package dev.capplanner.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import dev.capplanner.contracts.CloudEventHeaders;
import dev.capplanner.contracts.PrincipalHeader;
import dev.capplanner.contracts.Topics;
import dev.capplanner.contracts.events.RunContext;
import dev.capplanner.contracts.events.TurnRequested;
import dev.capplanner.contracts.json.RunEventJson;
import dev.capplanner.testing.events.TestPrincipals;
import dev.capplanner.testing.events.TurnFixtures;
import dev.capplanner.testing.kafka.KafkaTestClient;
import dev.capplanner.testing.quarkus.KafkaBrokerTestResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * POST /turns against a real Kafka broker: the test plays the pipeline, reading the published turn and
 * publishing what the stages would publish for it.
 */
@QuarkusTest
@QuarkusTestResource(KafkaBrokerTestResource.class)
@QuarkusTestResource(dev.capplanner.gateway.mcp.SuiteApisStub.class)
class TurnGatewayTest {

    static final Duration TIMEOUT = Duration.ofSeconds(30);

    @TestHTTPResource("/turns")
    URI turns;

    KafkaTestClient kafka;
    final HttpClient http = HttpClient.newHttpClient();

    @BeforeEach
    void connect() {
        kafka = new KafkaTestClient(KafkaBrokerTestResource.bootstrapServers());
    }

    @AfterEach
    void disconnect() {
        kafka.close();
    }

    @Test
    void aTurnIsPublishedAsAChatBackendWouldAndItsOwnCompletionIsTheAnswer() throws Exception {
        TurnRequested turn = TurnFixtures.turn("run-gw-1", "Show the orders for Riccardo Lorini");
        String token = TestPrincipals.headerFor(turn.run());
        CompletableFuture<HttpResponse<String>> answer = http.sendAsync(post(turn, token, "application/json", ""),
                HttpResponse.BodyHandlers.ofString());
        ConsumerRecord<String, String> published = publishedTurn("run-gw-1");
        assertThat(published.key()).isEqualTo(turn.run().conversationId());
        assertThat(KafkaTestClient.header(published, PrincipalHeader.NAME)).as("the caller's token, for the snapshot service")
                .isEqualTo(token);
        assertThat(KafkaTestClient.header(published, CloudEventHeaders.TYPE)).isEqualTo("dev.capplanner.turn.requested.v1");
        assertThat(KafkaTestClient.header(published, "traceparent")).as("in a trace").isNotBlank();
        assertThat(RunEventJson.fromJson(published.value(), TurnRequested.class).question()).isEqualTo(turn.question());
        // The same run id from another tenant, user and conversation completes first: it is not this caller's answer.
        publishCompletion(otherOwner(turn.run()), "answered: someone else's data");
        publishCompletion(turn.run(), "answered: api:demo-api/orders.list returned 2 record(s)");
        HttpResponse<String> response = answer.get(TIMEOUT.toSeconds(), TimeUnit.SECONDS);
        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.body()).contains("returned 2 record(s)").doesNotContain("someone else");
    }

    @Test
    void aCallerThatNamesNoMediaTypeGetsTheCompletionAsJson() throws Exception {
        TurnRequested turn = TurnFixtures.turn("run-gw-8", "Show order O-5005");
        CompletableFuture<HttpResponse<String>> answer = http.sendAsync(post(turn, TestPrincipals.headerFor(turn.run()),
                "*/*", ""), HttpResponse.BodyHandlers.ofString());
        publishedTurn("run-gw-8");
        publishCompletion(turn.run(), "answered: api:demo-api/orders.detail returned 1 record(s)");
        HttpResponse<String> response = answer.get(TIMEOUT.toSeconds(), TimeUnit.SECONDS);
        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.headers().firstValue("content-type")).hasValueSatisfying(type -> assertThat(type)
                .startsWith("application/json"));
    }

    @Test
    void aStreamShowsEachStageAndEndsWithTheCompletion() throws Exception {
        TurnRequested turn = TurnFixtures.turn("run-gw-2", "Where is the parcel of order O-5001?");
        CompletableFuture<HttpResponse<String>> answer = http.sendAsync(
                post(turn, TestPrincipals.headerFor(turn.run()), "text/event-stream", ""), HttpResponse.BodyHandlers.ofString());
        publishedTurn("run-gw-2");
        for (String topic : List.of(Topics.SNAPSHOT_BUILT, Topics.ROUTE_SELECTED, Topics.PLAN_PROPOSED, Topics.ACTIONS_EXECUTED)) {
            publish(topic, turn.run(), "{\"schemaVersion\":\"v1\",\"run\":" + RunEventJson.toJson(turn.run()) + "}");
        }
        publishCompletion(turn.run(), "answered: mcp:shipping-desk/track_shipment returned 1 record(s)");
        HttpResponse<String> response = answer.get(TIMEOUT.toSeconds(), TimeUnit.SECONDS);
        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.headers().firstValue("content-type")).hasValueSatisfying(type -> assertThat(type)
                .startsWith("text/event-stream"));
        assertThat(response.body()).containsSubsequence(
                "event:progress", "\"stage\":\"snapshot_built\"", "event:progress", "\"stage\":\"routed\"",
                "event:progress", "\"stage\":\"planned\"", "event:progress", "\"stage\":\"executed\"",
                "event:completed", "track_shipment returned 1 record(s)");
    }

    @Test
    void aTurnWithoutAVerifiedTokenOrAgainstTheSchemaIsRefusedAtOnceAndNothingIsPublished() throws Exception {
        TurnRequested turn = TurnFixtures.turn("run-gw-3", "Show order O-5001");
        HttpResponse<String> unsigned = http.send(post(turn, null, "application/json", ""), HttpResponse.BodyHandlers.ofString());
        assertThat(unsigned.statusCode()).isEqualTo(401);
        assertThat(unsigned.headers().firstValue("WWW-Authenticate")).hasValue("Bearer");
        assertThat(unsigned.body()).contains("turn not authenticated");
        // A token for another user does not carry this turn's principal.
        RunContext other = otherOwner(turn.run());
        HttpResponse<String> foreign = http.send(post(turn, TestPrincipals.headerFor(other), "text/event-stream", ""),
                HttpResponse.BodyHandlers.ofString());
        assertThat(foreign.statusCode()).isEqualTo(401);
        HttpResponse<String> invalid = http.send(HttpRequest.newBuilder(turns).header("Content-Type", "application/json")
                        .header("Authorization", TestPrincipals.headerFor(turn.run()))
                        .POST(HttpRequest.BodyPublishers.ofString("{\"schemaVersion\":\"v1\",\"question\":\"no run\"}")).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(invalid.statusCode()).isEqualTo(400);
        assertThat(invalid.body()).contains("schema violation against turn-requested.json");
        assertThat(kafka.awaitExactly(Topics.TURN_REQUESTED, record -> "run-gw-3".equals(KafkaTestClient.header(record,
                CloudEventHeaders.SUBJECT)), 0, Duration.ofSeconds(10))).as("nothing published").isEmpty();
    }

    @Test
    void aTurnThatDoesNotCompleteInTimeIs504AndTheSameTurnCannotBeWaitedForTwice() throws Exception {
        TurnRequested turn = TurnFixtures.turn("run-gw-4", "Show order O-5002");
        String token = TestPrincipals.headerFor(turn.run());
        CompletableFuture<HttpResponse<String>> first = http.sendAsync(post(turn, token, "application/json", "?timeout=3"),
                HttpResponse.BodyHandlers.ofString());
        publishedTurn("run-gw-4");
        HttpResponse<String> second = http.send(post(turn, token, "application/json", ""), HttpResponse.BodyHandlers.ofString());
        assertThat(second.statusCode()).isEqualTo(409);
        HttpResponse<String> timedOut = first.get(TIMEOUT.toSeconds(), TimeUnit.SECONDS);
        assertThat(timedOut.statusCode()).isEqualTo(504);
        assertThat(timedOut.body()).contains("did not complete within 3 s");
        HttpResponse<String> tooLong = http.send(post(turn, token, "application/json", "?timeout=100000"),
                HttpResponse.BodyHandlers.ofString());
        assertThat(tooLong.statusCode()).isEqualTo(400);
        HttpResponse<String> notANumber = http.send(post(turn, token, "application/json", "?timeout=abc"),
                HttpResponse.BodyHandlers.ofString());
        assertThat(notANumber.statusCode()).isEqualTo(400);
        assertThat(notANumber.body()).contains("timeout must be a number of seconds");
    }

    @Test
    void aUserWaitsForNoMoreTurnsAtOnceThanItsShare() throws Exception {
        List<CompletableFuture<HttpResponse<String>>> waiting = new java.util.ArrayList<>();
        for (String runId : List.of("run-gw-5", "run-gw-6")) {
            TurnRequested turn = TurnFixtures.turn(runId, "Show order O-5003");
            waiting.add(http.sendAsync(post(turn, TestPrincipals.headerFor(turn.run()), "application/json", "?timeout=4"),
                    HttpResponse.BodyHandlers.ofString()));
            publishedTurn(runId);
        }
        TurnRequested third = TurnFixtures.turn("run-gw-7", "Show order O-5004");
        HttpResponse<String> refused = http.send(post(third, TestPrincipals.headerFor(third.run()), "application/json", ""),
                HttpResponse.BodyHandlers.ofString());
        assertThat(refused.statusCode()).as("%test.gateway.max-pending-per-user=2").isEqualTo(429);
        assertThat(refused.headers().firstValue("Retry-After")).isPresent();
        for (CompletableFuture<HttpResponse<String>> wait : waiting) {
            assertThat(wait.get(TIMEOUT.toSeconds(), TimeUnit.SECONDS).statusCode()).isEqualTo(504);
        }
    }

    @Test
    void theOpenApiDocumentDescribesBothAnswersAndEveryRefusal() throws Exception {
        HttpResponse<String> document = http.send(HttpRequest.newBuilder(turns.resolve("/q/openapi")).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(document.statusCode()).isEqualTo(200);
        assertThat(document.body()).contains("/turns").contains("text/event-stream").contains("application/problem+json")
                .contains("\"400\"", "\"401\"", "\"409\"", "\"429\"", "\"503\"", "\"504\"").contains("turn-requested.json");
    }

    private HttpRequest post(TurnRequested turn, String authorization, String accept, String query) {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(turns + query)).timeout(TIMEOUT)
                .header("Content-Type", "application/json").header("Accept", accept)
                .POST(HttpRequest.BodyPublishers.ofString(RunEventJson.toJson(turn)));
        if (authorization != null) {
            request.header("Authorization", authorization);
        }
        return request.build();
    }

    private ConsumerRecord<String, String> publishedTurn(String runId) {
        List<ConsumerRecord<String, String>> records = kafka.await(Topics.TURN_REQUESTED,
                record -> runId.equals(KafkaTestClient.header(record, CloudEventHeaders.SUBJECT)), 1, TIMEOUT);
        assertThat(records).as("the turn on " + Topics.TURN_REQUESTED).hasSize(1);
        return records.get(0);
    }

    private static RunContext otherOwner(RunContext run) {
        return new RunContext(run.runId(), run.turnId(), 0, "globex", run.projectId(), run.conversationId(),
                new dev.capplanner.contracts.events.Principal("u-99", run.principal().roles()));
    }

    private void publishCompletion(RunContext run, String summary) {
        publish(Topics.TURN_COMPLETED, run, "{\"schemaVersion\":\"v1\",\"eventId\":\"e-" + summary.hashCode()
                + "\",\"occurredAt\":\"2026-12-07T10:00:00Z\",\"run\":" + RunEventJson.toJson(run)
                + ",\"outcome\":\"answered\",\"summary\":\"" + summary + "\",\"evidence\":[]}");
    }

    private void publish(String topic, RunContext run, String value) {
        kafka.publish(topic, run.conversationId(), value, Map.of(CloudEventHeaders.SUBJECT, run.runId()));
    }
}
