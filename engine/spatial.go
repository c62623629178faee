package engine

import "github.com/dolthub/go-mysql-server/sql"

// spatialKeyError refuses a spatial column as a key part. MySQL's InnoDB
// would build an R-tree for SPATIAL INDEX and treat geometry as a BLOB in a
// plain index (1170 without a prefix length); the key encoder has no order
// for geometry values, so Myriad refuses both rather than store entries it
// could not seek. length is the key part's prefix length (0 for none).
func spatialKeyError(col *sql.Column, length int64) error {
	if _, ok := col.Type.(sql.SpatialColumnType); !ok {
		return nil
	}
	if length == 0 {
		return sql.ErrInvalidBlobTextKey.New(col.Name)
	}
	return sql.ErrUnsupportedFeature.New("an index on spatial column '" + col.Name + "'")
}
