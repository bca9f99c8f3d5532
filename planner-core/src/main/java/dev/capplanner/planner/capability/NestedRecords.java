package dev.capplanner.planner.capability;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Which of a record's nested records a question names. An issue names three accounts by login
 * ({@code user.login}, {@code assignee.login}, {@code closed_by.login}); "who is assigned to issue 77"
 * wants the assignee's, "who closed it" the closer's. A nested record is named when a word of the
 * question and a word of its field share a stem ("assigned" and "assignee", "closed" and
 * {@code closed_by}; "authored" and {@code author}: a word or its stem is the other's word or stem);
 * when none is named, the declared order stands (the record's own account first).
 */
final class NestedRecords {

    private static final List<String> SUFFIXES = List.of("ing", "ed", "ee", "er", "or", "es", "s");

    private NestedRecords() {
    }

    /** The paths, those whose nested record the question names first, each group in its declared order. */
    static List<String> namedFirst(List<String> paths, String question) {
        Set<String> asked = wordsAndStems(question == null ? "" : question);
        List<String> named = new ArrayList<>();
        List<String> others = new ArrayList<>();
        for (String path : paths) {
            (isNamed(path, asked) ? named : others).add(path);
        }
        named.addAll(others);
        return named;
    }

    private static boolean isNamed(String path, Set<String> asked) {
        int leaf = path.lastIndexOf('.');
        if (leaf < 0) {
            return false;
        }
        String parent = path.substring(path.lastIndexOf('.', leaf - 1) + 1, leaf).replace("[]", "");
        return wordsAndStems(parent.replaceAll("([a-z])([A-Z])", "$1 $2")).stream().anyMatch(asked::contains);
    }

    /**
     * The words of four letters or more and their stems ("assigned", "assignee" -> "assign"; "authored" ->
     * "author"), so that a word matches another whose stem it is: "committed" and {@code committer} meet at
     * "committ", "commit" meets neither.
     */
    private static Set<String> wordsAndStems(String text) {
        Set<String> found = new HashSet<>();
        for (String word : text.toLowerCase(Locale.ROOT).split("[^\\p{L}]+")) {
            if (word.length() >= 4) {
                found.add(word);
                found.add(stem(word));
            }
        }
        return found;
    }

    private static String stem(String word) {
        for (String suffix : SUFFIXES) {
            if (word.endsWith(suffix) && word.length() - suffix.length() >= 3) {
                return word.substring(0, word.length() - suffix.length());
            }
        }
        return word;
    }
}
