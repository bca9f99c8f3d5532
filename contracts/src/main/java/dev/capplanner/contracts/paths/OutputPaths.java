package dev.capplanner.contracts.paths;

import java.util.regex.Pattern;

/**
 * The contracts' {@code outputPath} syntax (common.json): field names joined by dots, {@code []} after a
 * field that holds an array ({@code items[].id}), or first when the result is itself an array
 * ({@code [].sha}); at most {@value #LONGEST} characters. No positions ({@code items.0.id}): which row to
 * take is never guessed. The import declares only such paths and the executor reads only such paths.
 */
public final class OutputPaths {

    /** The schema's pattern, without its anchors. */
    public static final String SYNTAX = "(\\[]\\.)?[A-Za-z_][A-Za-z0-9_-]*(\\[])?(\\.[A-Za-z_][A-Za-z0-9_-]*(\\[])?)*";
    public static final int LONGEST = 200;
    private static final Pattern PATH = Pattern.compile(SYNTAX);
    private static final Pattern FIELD = Pattern.compile("[A-Za-z_][A-Za-z0-9_-]*");

    private OutputPaths() {
    }

    public static boolean isWellFormed(String path) {
        return path != null && path.length() <= LONGEST && PATH.matcher(path).matches();
    }

    /** Whether a property name is one field of a path (no dot, no brackets): {@code login}, not {@code log.in}. */
    public static boolean isField(String name) {
        return name != null && name.length() <= LONGEST && FIELD.matcher(name).matches();
    }
}
