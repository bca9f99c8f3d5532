package dev.capplanner.snapshot.persistence;

import dev.capplanner.snapshot.catalog.CatalogEntry;
import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.IdClass;
import jakarta.persistence.Table;
import java.io.Serializable;

/** Row mapping of {@code registry_capability}: the capability's full definition as JSON. */
@Entity
@Table(name = "registry_capability")
@IdClass(CapabilityEntity.Key.class)
public class CapabilityEntity extends PanacheEntityBase {

    @Id
    @Column(name = "connection_id")
    public String connectionId;
    @Id
    public String name;
    public String definition;

    public record Key(String connectionId, String name) implements Serializable {
        public Key() {
            this(null, null);
        }
    }

    static CapabilityEntity of(CatalogEntry entry) {
        CapabilityEntity row = new CapabilityEntity();
        row.connectionId = entry.connection();
        row.name = entry.name();
        row.definition = RegistryJson.write(entry);
        return row;
    }

    CatalogEntry entry() {
        return RegistryJson.read(definition, CatalogEntry.class);
    }
}
