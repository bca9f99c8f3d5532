package dev.capplanner.router.bench;

import dev.capplanner.contracts.events.Capability;
import dev.capplanner.contracts.events.Endpoint;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * A reproducible catalog of realistic-looking tools (verb + entity names, descriptions and
 * parameters from a shared vocabulary, so that terms repeat across tools as in real catalogs).
 */
final class SyntheticCatalog {

    static final String[] VERBS = {"get", "list", "search", "find", "check", "calculate", "analyze", "track",
        "estimate", "retrieve", "count", "describe"};
    static final String[] NOUNS = {"order", "customer", "invoice", "shipment", "ticket", "product", "payment",
        "contract", "employee", "project", "repository", "issue", "weather", "flight", "hotel", "patient",
        "device", "sensor", "account", "campaign", "report", "document", "policy", "claim", "vehicle", "route",
        "inventory", "supplier", "warehouse", "budget", "forecast", "meeting", "calendar", "email", "message",
        "subscription", "license", "server", "cluster", "deployment", "incident", "alert", "metric", "log",
        "course", "student", "grade", "exam", "recipe", "ingredient"};
    static final String[] QUALIFIERS = {"status", "history", "details", "summary", "trend", "risk", "count",
        "schedule", "owner", "location", "price", "balance", "quality", "usage", "availability"};

    private SyntheticCatalog() {
    }

    static List<Capability> generate(int size, long seed) {
        Random random = new Random(seed);
        List<Capability> capabilities = new ArrayList<>(size);
        for (int i = 0; i < size; i++) {
            String verb = pick(random, VERBS);
            String noun = pick(random, NOUNS);
            String qualifier = pick(random, QUALIFIERS);
            String name = noun + "s." + verb + Character.toUpperCase(qualifier.charAt(0)) + qualifier.substring(1) + i;
            Map<String, Object> properties = new LinkedHashMap<>();
            properties.put(noun + "Id", Map.of("type", "string", "description", "The " + noun + " identifier"));
            properties.put(pick(random, QUALIFIERS), Map.of("type", "string"));
            String description = capitalize(verb) + " the " + qualifier + " of a " + noun + " by its id, with "
                    + pick(random, QUALIFIERS) + " and " + pick(random, NOUNS) + " information";
            capabilities.add(new Capability(name, "api", "api:" + noun + "s", noun, verb, description,
                    List.of(qualifier + " of " + noun), true, new Endpoint("bench", "GET", "/" + name),
                    Map.of("type", "object", "properties", properties), null));
        }
        return capabilities;
    }

    static List<String> questions(long seed, int count) {
        Random random = new Random(seed);
        List<String> questions = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            questions.add("Can you " + pick(random, VERBS) + " the " + pick(random, QUALIFIERS) + " of "
                    + pick(random, NOUNS) + " 4711 and its " + pick(random, NOUNS) + " " + pick(random, QUALIFIERS) + "?");
        }
        return questions;
    }

    private static String pick(Random random, String[] words) {
        return words[random.nextInt(words.length)];
    }

    private static String capitalize(String word) {
        return Character.toUpperCase(word.charAt(0)) + word.substring(1);
    }
}
