package dev.capplanner.localstack.replay;

import dev.capplanner.contracts.EventType;
import dev.capplanner.contracts.Topics;
import dev.capplanner.contracts.events.RouteSelected;
import dev.capplanner.contracts.events.ShadowCompared;
import dev.capplanner.contracts.events.TurnCompleted;
import dev.capplanner.contracts.json.RunEventJson;
import dev.capplanner.localstack.stack.ChatBackendClient;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;

/**
 * Watches what the chat backend would watch (completions), plus routes, which runs had their plans
 * compared (every mode but classic: those get a shadow report) and the entry dead-letter topic.
 */
public final class RunObserver implements AutoCloseable {

    static final String ENTRY_DEAD_LETTERS = Topics.deadLetters("snapshot-service");

    record Completion(TurnCompleted event, long receivedAtNanos) {
    }

    private final Map<String, Completion> completions = new ConcurrentHashMap<>();
    private final Map<String, RouteSelected> routes = new ConcurrentHashMap<>();
    private final java.util.Set<String> compared = ConcurrentHashMap.newKeySet();
    private final Map<String, String> deadLetterReasonsByKey = new ConcurrentHashMap<>();
    private final Thread poller;
    private volatile boolean running = true;

    RunObserver(ChatBackendClient kafka) {
        KafkaConsumer<String, String> consumer = kafka.subscribe(List.of(EventType.TURN_COMPLETED.topic(),
                EventType.ROUTE_SELECTED.topic(), EventType.SHADOW_COMPARED.topic(), ENTRY_DEAD_LETTERS));
        poller = new Thread(() -> {
            try (consumer) {
                while (running) {
                    for (ConsumerRecord<String, String> record : consumer.poll(Duration.ofMillis(100))) {
                        accept(record);
                    }
                }
            }
        }, "run-observer");
        poller.setDaemon(true);
        poller.start();
    }

    private void accept(ConsumerRecord<String, String> record) {
        if (record.topic().equals(EventType.TURN_COMPLETED.topic())) {
            TurnCompleted completed = RunEventJson.fromJson(record.value(), TurnCompleted.class);
            completions.putIfAbsent(completed.run().runId(), new Completion(completed, System.nanoTime()));
        } else if (record.topic().equals(EventType.ROUTE_SELECTED.topic())) {
            RouteSelected route = RunEventJson.fromJson(record.value(), RouteSelected.class);
            routes.putIfAbsent(route.run().runId(), route);
        } else if (record.topic().equals(EventType.SHADOW_COMPARED.topic())) {
            compared.add(RunEventJson.fromJson(record.value(), ShadowCompared.class).run().runId());
        } else if (record.key() != null) {
            // The payload is encrypted; the key, which the replay sets per line, stays readable.
            String reason = ChatBackendClient.header(record, "dead-letter-reason");
            deadLetterReasonsByKey.put(record.key(), reason == null ? "(no reason header)" : reason);
        }
    }

    Completion completion(String runId) {
        return completions.get(runId);
    }

    RouteSelected route(String runId) {
        return routes.get(runId);
    }

    /** Whether the run's plans were compared (so a shadow report is coming). */
    boolean compared(String runId) {
        return compared.contains(runId);
    }

    /** The reason the entry dead-letter topic gives for the record published with this key. */
    String deadLetterReason(String recordKey) {
        return deadLetterReasonsByKey.get(recordKey);
    }

    @Override
    public void close() {
        running = false;
        try {
            poller.join(5_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
