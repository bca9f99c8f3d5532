package dev.capplanner.demo.kb;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The demo's knowledge base: a few support articles, searched by word overlap between the query and
 * each article's title and text (titles count double). Enough to answer "what is the return policy";
 * not a search engine.
 */
public final class HelpCenter {

    private static final Set<String> STOP_WORDS = Set.of("a", "an", "the", "is", "are", "what", "how", "do", "i",
            "can", "my", "your", "of", "for", "to", "in", "on", "and", "or", "it", "be", "with", "you", "we", "does");

    private final List<Map<String, String>> articles;

    public HelpCenter() {
        try (InputStream in = HelpCenter.class.getClassLoader().getResourceAsStream("kb-articles.json")) {
            articles = List.copyOf(new ObjectMapper().readValue(in, new TypeReference<List<Map<String, String>>>() { }));
        } catch (IOException e) {
            throw new UncheckedIOException("knowledge base articles missing", e);
        }
    }

    /** The best matching passages, best first; none when no word of the query occurs. */
    public List<Map<String, Object>> search(String query, int limit) {
        Set<String> words = words(query);
        List<Map<String, Object>> hits = new ArrayList<>();
        for (Map<String, String> article : articles) {
            Set<String> title = words(article.get("title"));
            Set<String> text = words(article.get("text"));
            long score = words.stream().mapToLong(w -> (title.contains(w) ? 2 : 0) + (text.contains(w) ? 1 : 0)).sum();
            if (score > 0) {
                Map<String, Object> hit = new LinkedHashMap<>();
                hit.put("id", article.get("id"));
                hit.put("title", article.get("title"));
                hit.put("snippet", article.get("text"));
                hit.put("score", score);
                hits.add(hit);
            }
        }
        hits.sort(Comparator.comparingLong((Map<String, Object> h) -> (Long) h.get("score")).reversed());
        return hits.subList(0, Math.min(limit, hits.size()));
    }

    private static Set<String> words(String text) {
        return Arrays.stream(text.toLowerCase(Locale.ROOT).split("[^\\p{L}\\p{N}]+"))
                .map(w -> w.endsWith("s") && w.length() > 3 ? w.substring(0, w.length() - 1) : w)
                .filter(w -> !w.isEmpty() && !STOP_WORDS.contains(w)).collect(Collectors.toSet());
    }
}
