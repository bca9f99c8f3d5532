package dev.capplanner.importing.inference;


import dev.capplanner.importing.model.ImportedCapability;
import dev.capplanner.importing.model.Relationship;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Relationships a REST API's paths say: a path parameter right after a collection's segment
 * ({@code {WorkspaceSid}} in {@code /v1/Workspaces/{WorkspaceSid}/Workers}) is an item of that
 * collection, so it is fed by the list of the collection under the same parent
 * ({@code GET /v1/Workspaces}) at its items' identifier: the field the parameter is named for,
 * or whose name is the parameter's last word ({@code sid} for {@code WorkspaceSid}, {@code number}
 * for {@code pull_number}, {@code name} for {@code secret_name}); or else the items' own identifier,
 * when the parameter is an identifier or names one item of the collection ({@code {customer}} under
 * {@code /customers/}). {@code {username}} under {@code /users/} is fed by nothing: neither a
 * user's {@code name} nor its {@code id} is a username. A file extension ({@code Accounts.json})
 * and parameter names in the parent do not matter.
 */
public final class ResourceHierarchy {

    /** Fields other than identifiers that name an item in a path, checked only against the parameter's name. */
    private static final Set<String> NAMING_FIELDS = Set.of("number", "name", "slug", "login", "code");

    public List<Relationship> infer(List<ImportedCapability> reads) {
        Map<String, ImportedCapability> listsByPath = new HashMap<>();
        for (ImportedCapability read : reads) {
            if (read.path() != null && "GET".equalsIgnoreCase(read.method())
                    && OutputShape.of(read.outputSchema()).collection()) {
                listsByPath.putIfAbsent(shape(read.path()), read);
            }
        }
        List<Relationship> relationships = new ArrayList<>();
        for (ImportedCapability consumer : reads) {
            if (consumer.path() == null) {
                continue;
            }
            String[] segments = consumer.path().split("/");
            for (int i = 1; i < segments.length; i++) {
                String parameter = parameter(segments[i]);
                if (parameter == null || parameter(segments[i - 1]) != null || segments[i - 1].isEmpty()
                        || !consumer.inputSchema().path("properties").has(parameter)) {
                    continue;
                }
                String collection = String.join("/", java.util.Arrays.copyOfRange(segments, 0, i));
                ImportedCapability list = listsByPath.get(shape(collection));
                if (list == null || list == consumer) {
                    continue;
                }
                Optional<String> field = field(parameter, withoutExtension(segments[i - 1]),
                        OutputShape.recordFields(list.outputSchema()));
                if (field.isEmpty()) {
                    continue;
                }
                OutputShape shape = OutputShape.of(list.outputSchema());
                String collectionName = withoutExtension(segments[i - 1]);
                relationships.add(new Relationship(consumer.id(), parameter, list.id(),
                        (shape.collectionPath() == null ? "[]." : shape.collectionPath() + "[].") + field.get(),
                        "{" + parameter + "} follows /" + collectionName + "/ in the path, and " + list.name()
                                + " lists " + collectionName + " under the same parent"));
            }
        }
        return relationships;
    }

    /** The items' field the parameter takes, if one can be told. */
    static Optional<String> field(String parameter, String collection, List<String> fields) {
        String wanted = IdentifierFeeds.normalized(parameter);
        List<String> words = MutatingNames.words(parameter);
        String lastWord = words.isEmpty() ? "" : words.get(words.size() - 1);
        Optional<String> same = fields.stream().filter(f -> IdentifierFeeds.normalized(f).equals(wanted)).findFirst();
        if (same.isPresent()) {
            return same;
        }
        Optional<String> named = fields.stream()
                .filter(f -> OutputShape.OWN_IDENTIFIERS.contains(f) || NAMING_FIELDS.contains(f))
                .filter(f -> words.size() > 1 && IdentifierFeeds.normalized(f).equals(lastWord))
                .findFirst();
        if (named.isPresent()) {
            return named;
        }
        boolean namesAnItem = OutputShape.isIdentifier(parameter)
                || wanted.equals(IdentifierFeeds.normalized(singular(collection)));
        return namesAnItem ? fields.stream().filter(OutputShape.OWN_IDENTIFIERS::contains).findFirst() : Optional.empty();
    }

    /**
     * {@code customers} -> {@code customer}, {@code branches} -> {@code branch} ({@link Plurals#singular});
     * short plurals too ({@code ips} -> {@code ip}, {@code vms} -> {@code vm}), compared with an item's parameter.
     */
    private static String singular(String word) {
        boolean shortPlural = word.length() <= 3 && word.endsWith("s") && !word.endsWith("ss") && word.length() > 1;
        return shortPlural ? word.substring(0, word.length() - 1) : Plurals.singular(word);
    }

    /** A path as a shape: parameters unnamed, file extensions dropped, case kept. */
    static String shape(String path) {
        StringBuilder shape = new StringBuilder();
        for (String segment : path.split("/")) {
            if (segment.isEmpty()) {
                continue;
            }
            shape.append('/').append(parameter(segment) != null ? "{}" : withoutExtension(segment));
        }
        return shape.toString();
    }

    /** The parameter a segment is ({@code {Sid}}, or {@code {Sid}.json}), or null for a literal segment. */
    private static String parameter(String segment) {
        String bare = withoutExtension(segment);
        return bare.startsWith("{") && bare.endsWith("}") && bare.length() > 2 ? bare.substring(1, bare.length() - 1) : null;
    }

    /** A segment without its file extension: {@code Accounts.json} -> {@code Accounts}. */
    static String withoutExtension(String segment) {
        int dot = segment.lastIndexOf('.');
        return dot > 0 && segment.substring(dot + 1).matches("[A-Za-z]{2,5}") ? segment.substring(0, dot) : segment;
    }
}
