package dev.capplanner.corpus;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/** The corpus files, one JSON entry a line, in the order the files and lines hold them. */
public final class Corpus {

    static final List<String> FILES = List.of("planted", "unicode", "wrapped", "oversized", "nested", "paths",
            "questions");
    private static final ObjectMapper JSON = new ObjectMapper()
            .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, true);

    private Corpus() {
    }

    public static List<CorpusEntry> entries() {
        List<CorpusEntry> entries = new ArrayList<>();
        for (String file : FILES) {
            String resource = "/corpus/" + file + ".jsonl";
            try (InputStream in = Corpus.class.getResourceAsStream(resource)) {
                if (in == null) {
                    throw new IllegalStateException("missing corpus file " + resource);
                }
                BufferedReader lines = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
                for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                    if (!line.isBlank()) {
                        entries.add(JSON.readValue(line, CorpusEntry.class));
                    }
                }
            } catch (IOException e) {
                throw new UncheckedIOException(resource, e);
            }
        }
        return entries;
    }
}
