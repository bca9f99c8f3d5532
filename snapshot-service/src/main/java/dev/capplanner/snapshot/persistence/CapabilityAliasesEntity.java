package dev.capplanner.snapshot.persistence;

import com.fasterxml.jackson.core.type.TypeReference;
import dev.capplanner.snapshot.catalog.OperatorAliases;
import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;
import java.util.List;

/** Row mapping of {@code capability_aliases}: one capability's aliases as an operator set them. */
@Entity
@Table(name = "capability_aliases")
public class CapabilityAliasesEntity extends PanacheEntityBase {

    private static final TypeReference<List<String>> STRINGS = new TypeReference<>() { };

    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    public Long id;
    @Column(name = "connection_id")
    public String connectionId;
    public String capability;
    /** A JSON array of strings. */
    public String aliases;
    @Column(name = "set_by")
    public String setBy;
    @Column(name = "set_at")
    public Instant setAt;
    public String reason;

    CapabilityAliasesEntity holding(OperatorAliases set) {
        connectionId = set.connection();
        capability = set.capability();
        aliases = RegistryJson.write(set.aliases());
        setBy = set.setBy();
        setAt = set.setAt();
        reason = set.reason();
        return this;
    }

    OperatorAliases operatorAliases() {
        return new OperatorAliases(connectionId, capability, RegistryJson.read(aliases, STRINGS), setBy, setAt, reason);
    }
}
