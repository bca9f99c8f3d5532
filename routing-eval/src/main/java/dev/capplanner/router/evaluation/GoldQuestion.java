package dev.capplanner.router.evaluation;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * One gold question: the tools (catalog ids) that answer it; none means no tool fits ("no fit").
 * {@code kind}: the question's {@code kind} or {@code category} field, for a per-kind breakdown (null
 * when it has neither).
 */
public record GoldQuestion(String id, String question, List<String> gold, String kind) {

    public GoldQuestion {
        gold = List.copyOf(gold);
    }

    public GoldQuestion(String id, String question, List<String> gold) {
        this(id, question, gold, null);
    }

    public boolean noFit() {
        return gold.isEmpty();
    }

    public static List<GoldQuestion> read(Path file) {
        ObjectMapper json = new ObjectMapper();
        List<GoldQuestion> questions = new ArrayList<>();
        try (BufferedReader reader = Files.newBufferedReader(file)) {
            String line;
            while ((line = reader.readLine()) != null) {
                if (line.isBlank()) {
                    continue;
                }
                JsonNode node = json.readTree(line);
                List<String> gold = new ArrayList<>();
                node.path("gold").forEach(g -> gold.add(g.asText()));
                String kind = node.hasNonNull("kind") ? node.get("kind").asText()
                        : node.hasNonNull("category") ? node.get("category").asText() : null;
                questions.add(new GoldQuestion(node.path("id").asText(), node.path("question").asText(), gold, kind));
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read questions " + file, e);
        }
        return questions;
    }
}
