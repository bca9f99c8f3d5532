package dev.capplanner.images;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.util.List;
import java.util.stream.Stream;

/**
 * The Java runtime's trust store from a directory of PEM certificates (Debian's ca-certificates
 * package ships Mozilla's; its install script, which would build the store, never runs in an image).
 * PKCS12 with the JDK's usual password, where the runtime looks for it.
 */
final class Truststore {

    static final char[] PASSWORD = "changeit".toCharArray();

    private Truststore() {
    }

    /** @return how many certificates the store holds */
    static int write(Path certificates, Path out) throws IOException, GeneralSecurityException {
        KeyStore store = KeyStore.getInstance("PKCS12");
        store.load(null, PASSWORD);
        CertificateFactory x509 = CertificateFactory.getInstance("X.509");
        List<Path> files;
        try (Stream<Path> walk = Files.walk(certificates)) {
            files = walk.filter(path -> path.toString().endsWith(".crt") && Files.isRegularFile(path)).sorted().toList();
        }
        for (Path file : files) {
            try (InputStream in = Files.newInputStream(file)) {
                for (Certificate certificate : x509.generateCertificates(in)) {
                    String alias = file.getFileName().toString().replaceFirst("\\.crt$", "").toLowerCase();
                    store.setCertificateEntry(alias, certificate);
                }
            }
        }
        if (store.size() == 0) {
            throw new IllegalArgumentException("no certificate (*.crt) under " + certificates);
        }
        Files.createDirectories(out.getParent());
        try (OutputStream file = Files.newOutputStream(out)) {
            store.store(file, PASSWORD);
        }
        return store.size();
    }
}
