package dev.capplanner.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * docs/configuration.md against the services' typed configuration: every property a
 * {@code @ConfigMapping} interface declares (its groups and maps followed) is in the reference, and
 * every property the reference names under a mapping's prefix is one the code reads. The interfaces
 * are read as source text, one member a line, nested groups declared inside the mapping.
 */
class ConfigurationReferenceTest {

    private static final Pattern PREFIX = Pattern.compile("@ConfigMapping\\(prefix = \"([^\"]+)\"\\)");
    private static final Pattern INTERFACE = Pattern.compile("^\\s*(?:public )?interface (\\w+)");
    private static final Pattern MEMBER = Pattern.compile("^\\s+([\\w.<>, ?]+?)\\s+(\\w+)\\(\\);");
    private static final Pattern WITH_NAME = Pattern.compile("@(?:io\\.smallrye\\.config\\.)?WithName\\(\"([^\"]+)\"\\)");
    /** A property, or after one in the same line a sibling written from its last dot ({@code `.timeout`}). */
    private static final Pattern DOCUMENTED = Pattern.compile("`((?:[a-z][\\w\\-\"]*)?(?:\\.[\\w\\-\"<>*]+)+)`");

    /** One accessor: the name it is read under (or none for a parent-named map) and its type. */
    record Member(String name, String type) {
    }

    @Test
    void everyPropertyTheServicesReadIsInTheReference() {
        Set<String> documented = documented();
        List<String> missing = declared().stream().filter(property -> !covered(property, documented)).toList();
        assertThat(missing).as("properties of @ConfigMapping interfaces missing from docs/configuration.md").isEmpty();
    }

    @Test
    void everyPropertyTheReferenceNamesUnderAMappingIsRead() {
        Set<String> declared = declared();
        Set<String> prefixes = mappings().keySet().stream().map(path -> prefixOf(path)).collect(Collectors.toSet());
        List<String> unknown = documented().stream()
                .filter(property -> prefixes.stream().anyMatch(prefix -> property.startsWith(prefix + ".")))
                .filter(property -> !property.endsWith(".*"))
                .filter(property -> !declared.contains(property))
                .toList();
        assertThat(unknown).as("properties docs/configuration.md names that no @ConfigMapping reads").isEmpty();
    }

    @Test
    void theReaderFollowsGroupsMapsAndRenamedMembers() {
        Set<String> declared = declared();
        assertThat(declared).contains("router.snapshot-service.timeout", "planner.shadow.baseline",
                "capplanner.principals.issuers.<>.claims.tenant", "snapshot.operators.<>",
                "reports.masking.tenants.<>.sensitive-keys", "capplanner.service-callers.<>.public-key-location");
        assertThat(covered("executor.retry.max-retries", Set.of("executor.retry.*"))).isTrue();
        assertThat(covered("executor.retry.max-retries", Set.of("executor.retry"))).isFalse();
        assertThat(documented()).as("a sibling written from its last dot")
                .contains("executor.retry.max-retries", "executor.retry.delay", "executor.retry.max-duration");
    }

    private static boolean covered(String property, Set<String> documented) {
        return documented.contains(property) || documented.stream().filter(entry -> entry.endsWith(".*"))
                .anyMatch(entry -> property.startsWith(entry.substring(0, entry.length() - 1)));
    }

    /** The reference's property names, map keys written {@code <>} whatever the reference calls them. */
    private static Set<String> documented() {
        try {
            Set<String> names = new TreeSet<>();
            for (String line : Files.readAllLines(Repository.home().resolve("docs/configuration.md"))) {
                String previous = null;
                Matcher matcher = DOCUMENTED.matcher(line);
                while (matcher.find()) {
                    String name = matcher.group(1);
                    if (name.startsWith(".")) {
                        if (previous == null) {
                            continue;
                        }
                        name = previous.substring(0, previous.lastIndexOf('.')) + name;
                    }
                    names.add(normalized(name));
                    previous = name;
                }
            }
            return names;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String normalized(String property) {
        return property.replaceAll("<[^>]*>", "<>").replaceAll("\"[^\"]*\"", "<>");
    }

    /** Every property of every mapping, by its full name. */
    private static Set<String> declared() {
        Set<String> properties = new TreeSet<>();
        mappings().forEach((path, prefix) -> {
            Map<String, List<Member>> interfaces = interfaces(path);
            String root = interfaces.keySet().iterator().next();
            expand(interfaces, root, prefix, properties);
        });
        return properties;
    }

    private static void expand(Map<String, List<Member>> interfaces, String name, String prefix, Set<String> out) {
        for (Member member : interfaces.get(name)) {
            String path = member.name() == null ? prefix : prefix + "." + member.name();
            String type = member.type().replaceAll("^Optional<(.*)>$", "$1");
            Matcher map = Pattern.compile("^Map<String, ?(.*)>$").matcher(type);
            if (map.matches()) {
                String value = map.group(1);
                if (interfaces.containsKey(value)) {
                    expand(interfaces, value, path + ".<>", out);
                } else {
                    out.add(path + ".<>");
                }
            } else if (interfaces.containsKey(type)) {
                expand(interfaces, type, path, out);
            } else {
                out.add(path);
            }
        }
    }

    /** Each mapping interface's source file, to its prefix. */
    private static Map<Path, String> mappings() {
        Map<Path, String> mappings = new LinkedHashMap<>();
        try (Stream<Path> files = Files.walk(Repository.home())) {
            for (Path file : files.filter(path -> path.toString().endsWith(".java"))
                    .filter(path -> path.toString().contains("/src/main/java/")).sorted().toList()) {
                Matcher prefix = PREFIX.matcher(Files.readString(file));
                if (prefix.find()) {
                    mappings.put(file, prefix.group(1));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return mappings;
    }

    private static String prefixOf(Path mapping) {
        return mappings().get(mapping);
    }

    /** The mapping's interfaces (the mapping first, then the groups declared inside it), with their members. */
    private static Map<String, List<Member>> interfaces(Path file) {
        Map<String, List<Member>> interfaces = new LinkedHashMap<>();
        java.util.Deque<List<Member>> open = new java.util.ArrayDeque<>();
        java.util.Deque<Integer> openedAt = new java.util.ArrayDeque<>();
        int depth = 0;
        String renamed = null;
        boolean parentNamed = false;
        try {
            for (String line : Files.readAllLines(file)) {
                Matcher declaration = INTERFACE.matcher(line);
                Matcher member = MEMBER.matcher(line);
                Matcher withName = WITH_NAME.matcher(line);
                if (declaration.find()) {
                    List<Member> members = new ArrayList<>();
                    interfaces.put(declaration.group(1), members);
                    open.push(members);
                    openedAt.push(depth + 1);
                } else if (withName.find()) {
                    renamed = withName.group(1);
                } else if (line.contains("@WithParentName")) {
                    parentNamed = true;
                } else if (member.find() && !open.isEmpty() && depth == openedAt.peek()) {
                    String name = parentNamed ? null : renamed != null ? renamed : kebab(member.group(2));
                    open.peek().add(new Member(name, member.group(1).replace("java.time.", "")
                            .replace("java.util.", "")));
                    renamed = null;
                    parentNamed = false;
                }
                depth += count(line, '{') - count(line, '}');
                while (!openedAt.isEmpty() && depth < openedAt.peek()) {
                    open.pop();
                    openedAt.pop();
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return interfaces;
    }

    private static int count(String line, char brace) {
        return (int) line.chars().filter(c -> c == brace).count();
    }

    private static String kebab(String method) {
        return method.replaceAll("([a-z0-9])([A-Z])", "$1-$2").toLowerCase(java.util.Locale.ROOT);
    }
}
