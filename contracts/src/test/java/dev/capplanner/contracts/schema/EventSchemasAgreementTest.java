package dev.capplanner.contracts.schema;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.capplanner.contracts.EventType;
import dev.capplanner.contracts.SampleEvents;
import dev.capplanner.contracts.events.RunEvent;
import dev.capplanner.contracts.json.RunEventJson;
import io.vertx.core.json.JsonObject;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.BiConsumer;
import org.junit.jupiter.api.Test;

/**
 * The compiled schemas and vertx-json-schema give the same verdict: on the sample events, on events
 * recorded from the local stack under load (src/test/resources/recorded/v1, every type, full
 * candidate definitions and snapshot indexes), and on thousands of seeded mutations of them, each
 * breaking or bending one value (a member removed or added, a value of another kind, a string at or
 * past a limit, an array too long or with a duplicate). A mutation either still conforms or it does
 * not; both validators must say the same.
 */
class EventSchemasAgreementTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int MUTATIONS_PER_EVENT = 60;

    private final EventSchemas schemas = new EventSchemas();

    @Test
    void everyRecordedAndSampleEventConformsForBoth() {
        int checked = 0;
        for (Map.Entry<EventType, List<JsonNode>> events : corpus().entrySet()) {
            for (JsonNode event : events.getValue()) {
                assertThat(vertxAccepts(events.getKey(), event)).as(events.getKey() + " by vertx").isTrue();
                assertThat(schemas.conforms(events.getKey(), event)).as(events.getKey() + " compiled").isTrue();
                checked++;
            }
        }
        assertThat(checked).as("recorded events of every type, and the samples").isGreaterThan(80);
    }

    @Test
    void bothGiveTheSameVerdictOnEveryMutation() {
        Random random = new Random(20261205);
        int accepted = 0;
        int refused = 0;
        List<String> disagreements = new ArrayList<>();
        for (Map.Entry<EventType, List<JsonNode>> events : corpus().entrySet()) {
            EventType type = events.getKey();
            for (JsonNode event : events.getValue()) {
                for (int i = 0; i < MUTATIONS_PER_EVENT; i++) {
                    JsonNode mutant = mutate(event.deepCopy(), random);
                    boolean vertx = vertxAccepts(type, mutant);
                    if (vertx != schemas.conforms(type, mutant)) {
                        disagreements.add(type + " vertx=" + vertx + ": " + abbreviate(mutant.toString()));
                    }
                    if (vertx) {
                        accepted++;
                    } else {
                        refused++;
                    }
                }
            }
        }
        assertThat(disagreements).isEmpty();
        // Both kinds are well represented, so agreement is not only on the easy side.
        assertThat(refused).isGreaterThan(2_000);
        assertThat(accepted).isGreaterThan(500);
    }

    private boolean vertxAccepts(EventType type, JsonNode event) {
        return schemas.violations(type, new JsonObject(event.toString())).isEmpty();
    }

    private static Map<EventType, List<JsonNode>> corpus() {
        Map<EventType, List<JsonNode>> corpus = new java.util.EnumMap<>(EventType.class);
        for (RunEvent sample : SampleEvents.all()) {
            corpus.computeIfAbsent(EventType.of(sample), t -> new ArrayList<>()).add(JSON.valueToTree(
                    RunEventJson.toMap(sample)));
        }
        for (EventType type : EventType.values()) {
            String file = "/recorded/v1/" + type.topic().replace("capplanner.", "").replace(".v1", "") + ".jsonl";
            try (InputStream in = EventSchemasAgreementTest.class.getResourceAsStream(file)) {
                assertThat(in).as(file).isNotNull();
                for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
                    if (!line.isBlank()) {
                        corpus.get(type).add(JSON.readTree(line));
                    }
                }
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
        }
        return corpus;
    }

    /** One change at a random place of the tree. */
    static JsonNode mutate(JsonNode event, Random random) {
        List<Place> places = new ArrayList<>();
        collect(event, places);
        Place place = places.get(random.nextInt(places.size()));
        int kind = random.nextInt(8);
        JsonNodeFactory nodes = JsonNodeFactory.instance;
        switch (kind) {
            case 0 -> place.remove();
            case 1 -> place.replace(otherValue(random));
            case 2 -> {
                if (place.value().isObject()) {
                    ((ObjectNode) place.value()).put(random.nextBoolean() ? "unexpected" : "zz", "x");
                } else {
                    place.replace(edgeString(random));
                }
            }
            case 3, 4 -> place.replace(edgeString(random));
            case 5 -> {
                if (place.value().isArray() && !place.value().isEmpty()) {
                    ArrayNode array = (ArrayNode) place.value();
                    int copies = random.nextBoolean() ? 1 : 1 + random.nextInt(120);
                    for (int i = 0; i < copies; i++) {
                        array.add(array.get(0).deepCopy());
                    }
                } else {
                    place.replace(nodes.arrayNode().add(edgeString(random)));
                }
            }
            case 6 -> place.replace(nodes.numberNode(random.nextBoolean() ? -1 : 1.0));
            default -> place.replace(place.value().isTextual()
                    ? nodes.textNode(place.value().textValue() + edgeString(random).textValue())
                    : nodes.objectNode());
        }
        return event;
    }

    private static JsonNode otherValue(Random random) {
        JsonNodeFactory nodes = JsonNodeFactory.instance;
        return switch (random.nextInt(10)) {
            case 0 -> nodes.nullNode();
            case 1 -> nodes.booleanNode(true);
            case 2 -> nodes.numberNode(0);
            case 3 -> nodes.numberNode(1.5);
            case 4 -> nodes.numberNode(101);
            case 5 -> nodes.objectNode();
            case 6 -> nodes.arrayNode();
            case 7 -> nodes.arrayNode().add("a").add("a");
            case 8 -> nodes.numberNode(Long.MAX_VALUE);
            default -> nodes.textNode("x");
        };
    }

    private static JsonNode edgeString(Random random) {
        String[] strings = {"", " ", "a b", "v2", "GET", "tools/call", "plan/run", "/x", "customers.search",
                "2026-11-30T09:15:00Z", "2026-13-45T99:99:99Z", "2026-11-30", "\u00fc", "\ud83d\ude00".repeat(200),
                "a".repeat(200), "a".repeat(201), "a".repeat(4000), "a".repeat(4001), "sha256:" + "a".repeat(64),
                "hmac-sha256:k:" + "A".repeat(43), "classic", "capability", "answered", "C-1001", "-1", "\n"};
        return JsonNodeFactory.instance.textNode(strings[random.nextInt(strings.length)]);
    }

    private static String abbreviate(String text) {
        return text.length() <= 400 ? text : text.substring(0, 400) + "...";
    }

    /** Where a value sits: in its parent object or array, so that it can be removed or replaced. */
    private record Place(JsonNode parent, String name, int index, JsonNode value) {

        void remove() {
            if (parent instanceof ObjectNode object) {
                object.remove(name);
            } else if (parent instanceof ArrayNode array) {
                array.remove(index);
            }
        }

        void replace(JsonNode replacement) {
            if (parent instanceof ObjectNode object) {
                object.set(name, replacement);
            } else if (parent instanceof ArrayNode array) {
                array.set(index, replacement);
            }
        }
    }

    private static void collect(JsonNode node, List<Place> places) {
        forEachChild(node, (child, place) -> {
            places.add(place);
            collect(child, places);
        });
    }

    private static void forEachChild(JsonNode node, BiConsumer<JsonNode, Place> visit) {
        if (node.isObject()) {
            for (Iterator<Map.Entry<String, JsonNode>> fields = node.fields(); fields.hasNext(); ) {
                Map.Entry<String, JsonNode> field = fields.next();
                visit.accept(field.getValue(), new Place(node, field.getKey(), -1, field.getValue()));
            }
        } else if (node.isArray()) {
            for (int i = 0; i < node.size(); i++) {
                visit.accept(node.get(i), new Place(node, null, i, node.get(i)));
            }
        }
    }
}
