package dev.capplanner.images;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * The command line of ./build-images.sh:
 * <pre>
 *   truststore --certificates DIR --out FILE
 *   base --rootfs DIR --java-home /usr/lib/jvm/... --arch amd64|arm64 --out FILE.tar
 *   service --app DIR --sbom FILE [--runtime-packages FILE] --base tar://FILE|REFERENCE --image NAME (--tar FILE | --push)
 * </pre>
 * The service command prints the image's digest.
 */
public final class ImagesMain {

    public static void main(String[] args) throws Exception {
        if (args.length == 0) {
            usage("a command is required");
        }
        Map<String, String> options = options(args);
        switch (args[0]) {
            case "truststore" -> System.out.println(Truststore.write(Path.of(required(options, "--certificates")),
                    Path.of(required(options, "--out"))) + " certificates");
            case "base" -> {
                Path out = Path.of(required(options, "--out")).toAbsolutePath();
                Files.createDirectories(out.getParent());
                BaseImage.write(Path.of(required(options, "--rootfs")), required(options, "--java-home"),
                        required(options, "--arch"), out);
                System.out.println(out);
            }
            case "service" -> {
                ServiceImage.Target target = options.containsKey("--push") ? new ServiceImage.ToRegistry()
                        : new ServiceImage.ToTar(Path.of(required(options, "--tar")).toAbsolutePath());
                String packages = options.get("--runtime-packages");
                System.out.println(ServiceImage.build(Path.of(required(options, "--app")),
                        Path.of(required(options, "--sbom")), packages == null ? null : Path.of(packages),
                        required(options, "--base"),
                        required(options, "--image"), target));
            }
            default -> usage("unknown command " + args[0]);
        }
    }

    private static Map<String, String> options(String[] args) {
        Map<String, String> options = new HashMap<>();
        for (int i = 1; i < args.length; i++) {
            if (args[i].equals("--push")) {
                options.put("--push", "");
            } else if (args[i].startsWith("--") && i + 1 < args.length) {
                options.put(args[i], args[++i]);
            } else {
                usage("unexpected argument " + args[i]);
            }
        }
        return options;
    }

    private static String required(Map<String, String> options, String name) {
        String value = options.get(name);
        if (value == null || value.isBlank()) {
            usage(name + " is required");
        }
        return value;
    }

    private static void usage(String problem) {
        System.err.println("error: " + problem);
        System.err.println("usage: truststore --certificates DIR --out FILE");
        System.err.println("       base --rootfs DIR --java-home PATH --arch amd64|arm64 --out FILE");
        System.err.println("       service --app DIR --sbom FILE [--runtime-packages FILE] --base tar://FILE|REFERENCE --image NAME (--tar FILE | --push)");
        System.exit(2);
    }

    private ImagesMain() {
    }
}
