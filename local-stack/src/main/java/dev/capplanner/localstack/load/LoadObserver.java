package dev.capplanner.localstack.load;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.capplanner.contracts.CloudEventHeaders;
import dev.capplanner.contracts.EventType;
import dev.capplanner.contracts.Topics;
import dev.capplanner.localstack.stack.ChatBackendClient;
import dev.capplanner.localstack.stack.StackOptions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;

/**
 * What a load run watches: each run's first completion (and how many arrived), the calls each of
 * its executions sent (and how many were denied), which (run, iteration) pairs were compared for a shadow report, and every
 * dead letter of every service with its reason, by the run it is about (dead letters keep their
 * payload encrypted, so the run comes from what stays readable: {@code ce_subject}, or the key).
 */
public final class LoadObserver implements AutoCloseable {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final Map<String, Long> firstCompletionNanos = new ConcurrentHashMap<>();
    private final Map<String, Integer> completions = new ConcurrentHashMap<>();
    private final Map<String, List<Integer>> callsSentByIteration = new ConcurrentHashMap<>();
    private final Set<String> comparedIterations = ConcurrentHashMap.newKeySet();
    private final Set<String> seenEvents = ConcurrentHashMap.newKeySet();
    private final java.util.concurrent.atomic.AtomicInteger deniedCalls = new java.util.concurrent.atomic.AtomicInteger();
    private final Map<String, String> deadLetterReasonByRun = new ConcurrentHashMap<>();
    private final Map<String, String> deadLetterReasonByValue = new ConcurrentHashMap<>();
    private final Thread poller;
    private volatile boolean running = true;

    LoadObserver(ChatBackendClient kafka) {
        List<String> topics = new ArrayList<>(List.of(EventType.TURN_COMPLETED.topic(),
                EventType.ACTIONS_EXECUTED.topic(), EventType.SHADOW_COMPARED.topic()));
        StackOptions.SERVICES.forEach(service -> topics.add(Topics.deadLetters(service)));
        KafkaConsumer<String, String> consumer = kafka.subscribe(topics);
        poller = new Thread(() -> {
            try (consumer) {
                while (running) {
                    for (ConsumerRecord<String, String> record : consumer.poll(Duration.ofMillis(50))) {
                        accept(record);
                    }
                }
            }
        }, "load-observer");
        poller.setDaemon(true);
        poller.start();
    }

    private void accept(ConsumerRecord<String, String> record) {
        long now = System.nanoTime();
        JsonNode event = parse(record.value());
        String runId = event == null ? null : event.path("run").path("runId").asText(null);
        String eventId = event == null ? null : event.path("eventId").asText(null);
        if (eventId != null && !seenEvents.add(record.topic() + "/" + eventId)) {
            // The same record read again (this observer's group rejoining after a broker restart, or a
            // producer retry): not a second execution, which would be a new event with its own id.
            return;
        }
        if (record.topic().equals(EventType.TURN_COMPLETED.topic()) && runId != null) {
            firstCompletionNanos.putIfAbsent(runId, now);
            completions.merge(runId, 1, Integer::sum);
        } else if (record.topic().equals(EventType.ACTIONS_EXECUTED.topic()) && runId != null) {
            // Each iteration of a run executes its own plan; only a second execution of the same one repeats.
            callsSentByIteration.computeIfAbsent(runId + "#" + event.path("run").path("iteration").asInt(),
                    r -> new CopyOnWriteArrayList<>()).add(event.path("externalCalls").path("sent").asInt(0));
            deniedCalls.addAndGet(event.path("externalCalls").path("denied").asInt(0));
        } else if (record.topic().equals(EventType.SHADOW_COMPARED.topic()) && runId != null) {
            comparedIterations.add(runId + "#" + event.path("run").path("iteration").asInt());
        } else if (!record.topic().equals(EventType.TURN_COMPLETED.topic())) {
            String reason = ChatBackendClient.header(record, "dead-letter-reason");
            String why = reason == null ? "(no reason header)" : reason;
            String deadRun = runId != null ? runId : readableRunOf(record);
            if (deadRun != null) {
                deadLetterReasonByRun.putIfAbsent(deadRun, why);
            } else {
                deadLetterReasonByValue.putIfAbsent(record.value(), why);
            }
        }
    }

    /**
     * The run a dead letter is about, from what stays readable on it (its payload is encrypted): the
     * event's run id in {@code ce_subject}, or else the record's key, which this driver sets to the
     * run id of the records it publishes to be dead-lettered.
     */
    private static String readableRunOf(ConsumerRecord<String, String> record) {
        String subject = ChatBackendClient.header(record, CloudEventHeaders.SUBJECT);
        return subject != null ? subject : record.key();
    }

    private static JsonNode parse(String value) {
        try {
            JsonNode node = value == null ? null : JSON.readTree(value);
            return node != null && node.isObject() ? node : null;
        } catch (java.io.IOException e) {
            return null;
        }
    }

    Long completedAtNanos(String runId) {
        return firstCompletionNanos.get(runId);
    }

    int completionsOf(String runId) {
        return completions.getOrDefault(runId, 0);
    }

    /** Calls sent again by a later execution of a run's iteration whose first execution already sent its calls. */
    int repeatedCalls() {
        return callsSentByIteration.values().stream().mapToInt(sent -> sent.stream().skip(1).mapToInt(Integer::intValue).sum())
                .sum();
    }

    /** Calls the last-mile check denied, over every execution seen. */
    int deniedCalls() {
        return deniedCalls.get();
    }

    int comparedIterations() {
        return comparedIterations.size();
    }

    String deadLetterReason(String runId) {
        return deadLetterReasonByRun.get(runId);
    }

    String deadLetterReasonOfValue(String rawValue) {
        return deadLetterReasonByValue.get(rawValue);
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
