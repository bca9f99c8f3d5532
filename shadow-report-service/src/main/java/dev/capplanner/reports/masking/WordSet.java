package dev.capplanner.reports.masking;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.TreeSet;
import java.util.zip.GZIPInputStream;

/**
 * A read-only set of lowercase words kept as one sorted block of characters with offsets: a word
 * list of 150,000 entries takes about 1.5 MB instead of the 15 MB a {@code HashSet<String>} would,
 * and a look-up is a binary search (18 comparisons for that size).
 */
public final class WordSet {

    private final char[] chars;
    private final int[] starts;

    private WordSet(char[] chars, int[] starts) {
        this.chars = chars;
        this.starts = starts;
    }

    public static WordSet of(Collection<String> words) {
        TreeSet<String> sorted = new TreeSet<>(words);
        sorted.remove("");
        int[] starts = new int[sorted.size() + 1];
        StringBuilder all = new StringBuilder();
        int i = 0;
        for (String word : sorted) {
            starts[i++] = all.length();
            all.append(word);
        }
        starts[i] = all.length();
        char[] chars = new char[all.length()];
        all.getChars(0, all.length(), chars, 0);
        return new WordSet(chars, starts);
    }

    /** A gzip-compressed list, one word a line; lines starting with '#' are comments (the list's provenance). */
    public static WordSet readGzip(InputStream gzip) {
        List<String> words = new ArrayList<>();
        try (BufferedReader lines = new BufferedReader(new InputStreamReader(new GZIPInputStream(gzip), StandardCharsets.UTF_8))) {
            for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                String word = line.strip();
                if (!word.isEmpty() && !word.startsWith("#")) {
                    words.add(word);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("a word list could not be read", e);
        }
        return of(words);
    }

    public int size() {
        return starts.length - 1;
    }

    public boolean contains(CharSequence word) {
        int low = 0;
        int high = size() - 1;
        while (low <= high) {
            int middle = (low + high) >>> 1;
            int order = compare(middle, word);
            if (order < 0) {
                low = middle + 1;
            } else if (order > 0) {
                high = middle - 1;
            } else {
                return true;
            }
        }
        return false;
    }

    /** As String.compareTo would order the entry against the word. */
    private int compare(int entry, CharSequence word) {
        int start = starts[entry];
        int length = starts[entry + 1] - start;
        int common = Math.min(length, word.length());
        for (int k = 0; k < common; k++) {
            char a = chars[start + k];
            char b = word.charAt(k);
            if (a != b) {
                return a - b;
            }
        }
        return length - word.length();
    }
}
