module keyedhash/tools/bench/peers-go

go 1.19

require github.com/minio/highwayhash v1.0.4

require golang.org/x/sys v0.21.0 // indirect
