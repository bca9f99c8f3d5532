package dev.capplanner.testing.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import dev.capplanner.embedded.kafka.EmbeddedKafkaBroker;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Predicate;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** What "exactly" means when a step's facts on several topics are read together, on a real broker. */
class KafkaTestClientTest {

    static EmbeddedKafkaBroker broker;
    static KafkaTestClient kafka;

    @BeforeAll
    static void start() {
        broker = EmbeddedKafkaBroker.start();
        broker.createTopics(List.of("fixture.plans", "fixture.completions"));
        kafka = new KafkaTestClient(broker.bootstrapServers());
    }

    @AfterAll
    static void stop() {
        kafka.close();
        broker.close();
    }

    @Test
    void eachExpectationGetsOnlyItsTopicsMatchesInTheOrderAsked() {
        kafka.publish("fixture.plans", "conv-order", "plan run-order", Map.of());
        kafka.publish("fixture.completions", "conv-order", "completion run-order", Map.of());
        kafka.publish("fixture.completions", "conv-other", "completion run-other", Map.of());

        var found = kafka.awaitExactly(Duration.ofSeconds(30),
                KafkaTestClient.exactly(1, "fixture.completions", r -> r.value().contains("run-order")),
                KafkaTestClient.exactly(1, "fixture.plans", r -> r.value().contains("run-order")),
                KafkaTestClient.exactly(0, "fixture.plans", r -> r.value().contains("run-other")));

        assertThat(found).hasSize(3);
        assertThat(found.get(0)).extracting(r -> r.value()).containsExactly("completion run-order");
        assertThat(found.get(1)).extracting(r -> r.value()).containsExactly("plan run-order");
        assertThat(found.get(2)).as("run-other published nothing on the plans topic").isEmpty();
    }

    @Test
    void aDuplicateArrivingAfterEveryCountIsReachedIsStillSeen() throws Exception {
        kafka.publish("fixture.plans", "conv-dup", "plan run-dup", Map.of());
        kafka.publish("fixture.completions", "conv-dup", "completion run-dup", Map.of());
        // The duplicate is published only once the reader has seen both records, so it cannot be in the
        // batch that reached the counts: only the grace (which starts then) can find it.
        CompletableFuture<Void> late = new CompletableFuture<>();
        AtomicInteger seen = new AtomicInteger();
        Predicate<ConsumerRecord<String, String>> runDup = r -> {
            boolean matches = r.value().contains("run-dup");
            if (matches && seen.incrementAndGet() == 2) {
                CompletableFuture.runAsync(() -> kafka.publish("fixture.plans", "conv-dup", "plan run-dup again",
                        Map.of())).whenComplete((done, failed) -> complete(late, failed));
            }
            return matches;
        };
        var found = kafka.awaitExactly(Duration.ofSeconds(30), KafkaTestClient.exactly(1, "fixture.plans", runDup),
                KafkaTestClient.exactly(1, "fixture.completions", runDup));
        late.get(30, TimeUnit.SECONDS);

        assertThat(found.get(0)).as("the late duplicate is in the result, so hasSize(1) would fail")
                .extracting(r -> r.value()).containsExactly("plan run-dup", "plan run-dup again");
        assertThat(found.get(1)).hasSize(1);
    }

    /**
     * The grace starts once every count is reached, not the first: the completion comes more than a grace
     * after the plan, and the plan's duplicate right after the completion, and both are in the result.
     */
    @Test
    void theGraceStartsWhenTheLastCountIsReachedNotTheFirst() throws Exception {
        kafka.publish("fixture.plans", "conv-slow", "plan run-slow", Map.of());
        CompletableFuture<Void> later = new CompletableFuture<>();
        AtomicInteger plans = new AtomicInteger();
        Predicate<ConsumerRecord<String, String>> plan = r -> {
            boolean matches = r.value().contains("plan run-slow");
            if (matches && plans.incrementAndGet() == 1) {
                CompletableFuture.runAsync(() -> {
                    sleep(KafkaTestClient.GRACE.plusMillis(500));
                    kafka.publish("fixture.completions", "conv-slow", "completion run-slow", Map.of());
                    kafka.publish("fixture.plans", "conv-slow", "plan run-slow again", Map.of());
                }).whenComplete((done, failed) -> complete(later, failed));
            }
            return matches;
        };
        var found = kafka.awaitExactly(Duration.ofSeconds(30), KafkaTestClient.exactly(1, "fixture.plans", plan),
                KafkaTestClient.exactly(1, "fixture.completions", r -> r.value().contains("run-slow")));
        later.get(30, TimeUnit.SECONDS);

        assertThat(found.get(1)).as("read past a grace after the first count").hasSize(1);
        assertThat(found.get(0)).as("the plan's duplicate, after the last count, is seen")
                .extracting(r -> r.value()).containsExactly("plan run-slow", "plan run-slow again");
    }

    private static void complete(CompletableFuture<Void> future, Throwable failed) {
        if (failed != null) {
            future.completeExceptionally(failed);
        } else {
            future.complete(null);
        }
    }

    private static void sleep(Duration duration) {
        try {
            Thread.sleep(duration.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
