#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# A job's several files on XFS: fio's filename list and directory + nrfiles
# lay files out at size / nrfiles each (per clone when the names are
# generated); file_service_type spreads the I/Os over them as fio 3.33 does
# (blocks written into sparse files, counted against fio's own run of the
# same job), on both paths with the identical stream (compare's digest
# covers the file of each I/O); openfiles keeps N files in use at a time,
# as fio's; each file its own region (its size, or a seeded one of
# filesize=LOW-HIGH); file_append writes after the end; fsync_on_close
# leaves no dirty page; create_only lays out alone; unlink removes them; a
# file the user may not write is refused in words, a bad entry of fds by
# its index (and the CLI's name for it), and a bad value exits 2 before the
# kernel.
. "$(dirname "$0")/lib.sh"
need_brd_fs 1
command -v fio >/dev/null || skip "needs fio to compare with"
trap 'umount "$TMP/xfs" 2>/dev/null; rmmod brd 2>/dev/null; nullb_remove kfil1 2>/dev/null; nullb_remove kfil0 2>/dev/null' EXIT
mkfs.xfs -q -f /dev/ram0 && mkdir -p "$TMP/xfs" && mount /dev/ram0 "$TMP/xfs" ||
	skip "cannot make XFS on /dev/ram0"
D=$TMP/xfs

# blocks D/PREFIX.0..3 hold data in, 4k each, space-separated: SEEK_DATA
# and SEEK_HOLE, as st_blocks also counts XFS's extent tree
blocks() {
	python3 - "$D/$1".0 "$D/$1".1 "$D/$1".2 "$D/$1".3 <<'PY'
import os, sys
out = []
for p in sys.argv[1:]:
    fd, pos, n = os.open(p, os.O_RDONLY), 0, 0
    end = os.fstat(fd).st_size
    while pos < end:
        try:
            d = os.lseek(fd, pos, os.SEEK_DATA)
        except OSError:
            break
        pos = os.lseek(fd, d, os.SEEK_HOLE)
        n += pos - d
    os.close(fd)
    out.append(str(n // 4096))
print(" ".join(out))
PY
}

# sizes of FILE...
sizes() {
	stat -c %s "$@" | tr '\n' ' ' | sed 's/ $//'
}


# layout: size split over the files, a set per clone
"$KIOGEN" run --name=lay --directory="$D" --nrfiles=4 --numjobs=2 --size=16m \
	--rw=read --number_ios=64 > "$TMP/lay.out" 2>&1
check "directory + nrfiles=4, numjobs=2: runs" test $? -eq 0
check "fio's layout line: 8 files, 32 MiB" grep -q "lay: Laying out IO files (8 files / total 32MiB)" "$TMP/lay.out"
check "fio's names, a set per clone, size / nrfiles each" \
	test "$(sizes "$D"/lay.0.0 "$D"/lay.0.3 "$D"/lay.1.0 "$D"/lay.1.3)" = "4194304 4194304 4194304 4194304"
"$KIOGEN" run --name=list --filename="$D/a:$D/b\\:c" --filesize=3m --size=8m \
	--rw=read --number_ios=64 > "$TMP/list.out" 2>&1
check "filename=a:b\\:c with filesize: runs" test $? -eq 0
check "filename list: 'a' and 'b:c' of filesize each" test "$(sizes "$D/a" "$D/b:c")" = "3145728 3145728"

# I/Os per file as fio's: sparse files, O_DIRECT random writes, each block once
for case in roundrobin:400 roundrobin:3:400 sequential:400 random:1024 random:8:1024 random:400; do
	n=${case##*:}
	fst=${case%:*}
	tag=$(echo "$fst" | tr ':' '_')
	rm -f "$D"/f-*
	fio --name=ff --directory="$D" --filename_format="f-fio-$tag.\$filenum" --nrfiles=4 \
		--size=4m --bs=4k --rw=randwrite --direct=1 --fallocate=truncate \
		--file_service_type="$fst" --number_ios="$n" --randseed=7 --minimal > /dev/null 2>&1
	fio_blocks=$(blocks "f-fio-$tag")
	for path in kernel syscall; do
		"$KIOGEN" run --path=$path --name=ff --directory="$D" \
			--filename_format="f-$path-$tag.\$filenum" --nrfiles=4 --size=4m \
			--bs=4k --rw=randwrite --direct=1 --create_on_open=1 \
			--file_service_type="$fst" --number_ios="$n" --randseed=7 \
			> "$TMP/ff.out" 2>&1 || echo "# $(cat "$TMP/ff.out")"
		eval "blocks_$path=\"\$(blocks f-$path-$tag)\""
	done
	echo "# $fst, $n I/Os: fio $fio_blocks, kernel $blocks_kernel, syscall $blocks_syscall"
	check "$fst, $n I/Os: the same per-file I/Os on both paths" test "$blocks_kernel" = "$blocks_syscall"
	if [ "$fst" = random ] && [ "$n" = 400 ]; then
		# random draws: each file within 4 sigma of 100, fio's and kiogen's
		check "$fst, $n I/Os: per file within 4 sigma of fio's mean" \
			awk -v a="$fio_blocks $blocks_kernel" 'BEGIN { n = split(a, v, " ");
				for (i = 1; i <= n; i++) if (v[i] < 65 || v[i] > 135) exit 1 }'
	else
		check "$fst, $n I/Os: per-file I/Os are fio's ($fio_blocks)" test "$blocks_kernel" = "$fio_blocks"
	fi
done

# openfiles as fio's: at most N files take I/O between closes; roundrobin
# over 4 files of 1m, openfiles=2: files 0 and 1 until they are done, then
# 2 and 3 (fio's own run of the job gives the same blocks per file)
for case in write:roundrobin randwrite:roundrobin write:sequential; do
	rw=${case%%:*}
	fst=${case#*:}
	tag=o-$rw-$fst
	rm -f "$D"/$tag-*
	fio --name=of --directory="$D" --filename_format="$tag-fio.\$filenum" --nrfiles=4 \
		--size=4m --bs=4k --rw=$rw --direct=1 --fallocate=truncate --openfiles=2 \
		--file_service_type=$fst --number_ios=512 --randseed=7 --minimal > /dev/null 2>&1
	fio_blocks=$(blocks "$tag-fio")
	for path in kernel syscall; do
		"$KIOGEN" run --path=$path --name=of --directory="$D" \
			--filename_format="$tag-$path.\$filenum" --nrfiles=4 --size=4m --bs=4k \
			--rw=$rw --direct=1 --create_on_open=1 --openfiles=2 \
			--file_service_type=$fst --number_ios=512 --randseed=7 \
			> "$TMP/of.out" 2>&1 || echo "# $(cat "$TMP/of.out")"
		eval "blocks_$path=\"\$(blocks $tag-$path)\""
	done
	echo "# openfiles=2 $rw $fst, 512 I/Os: fio $fio_blocks, kernel $blocks_kernel, syscall $blocks_syscall"
	check "openfiles=2 $rw $fst: two files at a time, the first two done first (256 256 0 0)" \
		test "$blocks_kernel" = "256 256 0 0"
	check "openfiles=2 $rw $fst: the same on both paths" test "$blocks_kernel" = "$blocks_syscall"
	check "openfiles=2 $rw $fst: fio's blocks per file" test "$blocks_kernel" = "$fio_blocks"
done
for fst in roundrobin random sequential; do
	f=$TMP/cmp-open-$fst.json
	cmpj "$f" --name=c --directory="$D" --nrfiles=6 --size=3m --bs=4k --rw=randread \
		--number_ios=3000 --file_service_type=$fst --openfiles=2 --randseed=42 \
		--ioengine=io_uring --iodepth=4 --direct=1
	check "openfiles=2 $fst randread: identical stream on both paths" \
		test "$(json "$f" 'j["compare"]["identical_stream"]')" = True
done

# each file its own region (fio: each file's real size without size=):
# existing sparse files of 1m, 2m, 3m and 512k written whole, one pass,
# nothing past any file's end (its size stays), as fio
for rw in write randwrite; do
	for path in fio kernel syscall; do
		tag=rg-$rw-$path
		rm -f "$D"/$tag.*
		truncate -s 1m "$D/$tag.0"; truncate -s 2m "$D/$tag.1"
		truncate -s 3m "$D/$tag.2"; truncate -s 512k "$D/$tag.3"
		if [ $path = fio ]; then
			fio --name=rg --directory="$D" --filename_format="$tag.\$filenum" --nrfiles=4 \
				--bs=4k --rw=$rw --direct=1 --number_ios=1664 --randseed=7 \
				--minimal > /dev/null 2>&1
		else
			"$KIOGEN" run --path=$path --name=rg --directory="$D" \
				--filename_format="$tag.\$filenum" --nrfiles=4 --bs=4k --rw=$rw \
				--direct=1 --number_ios=1664 --randseed=7 > "$TMP/rg.out" 2>&1 ||
				echo "# $(cat "$TMP/rg.out")"
		fi
		eval "rg_$path=\"\$(blocks $tag) / \$(sizes "$D"/$tag.0 "$D"/$tag.1 "$D"/$tag.2 "$D"/$tag.3)\""
	done
	echo "# $rw, files of 1m 2m 3m 512k: fio $rg_fio, kernel $rg_kernel, syscall $rg_syscall"
	check "$rw: each file written to its own size, none past it" \
		test "$rg_kernel" = "256 512 768 128 / 1048576 2097152 3145728 524288"
	check "$rw: each file its own region, the same on both paths" test "$rg_kernel" = "$rg_syscall"
	check "$rw: each file its own region, as fio's" test "$rg_kernel" = "$rg_fio"
done
cmpj "$TMP/cmp-rg.json" --name=c --directory="$D" --filename_format='rg-write-kernel.$filenum' \
	--nrfiles=4 --bs=4k --rw=randrw --number_ios=4000 --file_service_type=random \
	--ioengine=io_uring --iodepth=4 --direct=1
check "files of their own regions: identical stream on both paths" \
	test "$(json "$TMP/cmp-rg.json" 'j["compare"]["identical_stream"]')" = True

# filesize=LOW-HIGH for data jobs: each new file a seeded size in the range,
# a multiple of bs, the same on both paths; each read within its own file
for path in kernel syscall; do
	rm -f "$D"/fr-$path.*
	"$KIOGEN" run --path=$path --name=fr --directory="$D" --filename_format="fr-$path.\$filenum" \
		--nrfiles=8 --filesize=64k-1m --bs=4k --rw=randread --randseed=9 --direct=1 \
		--output-format=json > "$TMP/fr.json" 2> "$TMP/fr.err" || echo "# $(cat "$TMP/fr.err")"
	eval "fr_$path=\"\$(sizes "$D"/fr-$path.*)\""
	io=$(json "$TMP/fr.json" 'j["jobs"][0]["read"]["io_bytes"]')
	eval "fr_io_$path=\$io"
done
echo "# filesize=64k-1m: kernel $fr_kernel ($fr_io_kernel bytes read), syscall $fr_syscall ($fr_io_syscall)"
check "filesize=64k-1m: 8 sizes in the range, multiples of 4k, not all one" \
	awk -v a="$fr_kernel" 'BEGIN { n = split(a, v, " "); if (n != 8) exit 1;
		for (i = 1; i <= n; i++) { if (v[i] < 65536 || v[i] > 1048576 || v[i] % 4096) exit 1;
			if (v[i] != v[1]) d = 1 } exit !d }'
check "filesize=64k-1m: the same sizes on both paths" test "$fr_kernel" = "$fr_syscall"
check "filesize=64k-1m: each file read once, whole (io_size is the sum of the sizes)" \
	test "$fr_io_kernel" = "$(( $(echo $fr_kernel | tr ' ' '+') ))" -a "$fr_io_syscall" = "$fr_io_kernel"
cmpj "$TMP/cmp-fr.json" --name=c --directory="$D" --filename_format='fr-kernel.$filenum' \
	--nrfiles=8 --filesize=64k-1m --bs=4k --rw=randrw --number_ios=3000 \
	--file_service_type=random --randseed=9 --ioengine=io_uring --iodepth=4 --direct=1
check "filesize=64k-1m: identical stream on both paths" \
	test "$(json "$TMP/cmp-fr.json" 'j["compare"]["identical_stream"]')" = True

# the identical stream on both paths: compare's digest covers the file
for fst in roundrobin random:4 sequential; do
	for rw in read randread randrw; do
		f=$TMP/cmp-$rw-${fst%%:*}.json
		cmpj "$f" --name=c --directory="$D" --nrfiles=4 --numjobs=2 --size=8m --bs=4k \
			--rw=$rw --number_ios=3000 --file_service_type=$fst --randseed=42 \
			--ioengine=io_uring --iodepth=4 --direct=1
		check "$fst $rw: identical stream on both paths" \
			test "$(json "$f" 'j["compare"]["identical_stream"]')" = True
	done
done
check "the file service is in the digest: roundrobin and random streams differ" \
	test "$(json "$TMP/cmp-randread-roundrobin.json" 'j["compare"]["kernel"]["runs"][0]["digest"]')" != \
	     "$(json "$TMP/cmp-randread-random.json" 'j["compare"]["kernel"]["runs"][0]["digest"]')"

# several block devices: bios to each, roundrobin's share each
if nullb_create kfil0 size=64 irqmode=0 && nullb_create kfil1 size=64 irqmode=0; then
	r0=$(awk '{ print $1 }' /sys/block/kfil0/stat)
	r1=$(awk '{ print $1 }' /sys/block/kfil1/stat)
	"$KIOGEN" run --name=b --filename=/dev/kfil0:/dev/kfil1 --rw=randread --bs=4k \
		--number_ios=1000 > "$TMP/bio.out" 2>&1
	check "two devices: run by the bio engine" \
		grep -q "ioengine=psync -> kernel engine bio" "$TMP/bio.out"
	check "two devices, roundrobin: 500 reads each" \
		test "$(( $(awk '{ print $1 }' /sys/block/kfil0/stat) - r0 )) $(( $(awk '{ print $1 }' /sys/block/kfil1/stat) - r1 ))" = "500 500"
	cmpj "$TMP/bio.json" --name=b --filename=/dev/kfil0:/dev/kfil1 --rw=randrw --bs=4k \
		--number_ios=2000 --file_service_type=random --ioengine=io_uring --iodepth=4
	check "two devices, random: identical stream on both paths" \
		test "$(json "$TMP/bio.json" 'j["compare"]["identical_stream"]')" = True
	# the module names the second device by its index in fds, the CLI by its name
	blockdev --setro /dev/kfil1
	"$KIOGEN" run --name=b --filename=/dev/kfil0:/dev/kfil1 --rw=randwrite --bs=4k \
		--number_ios=10 > "$TMP/bro.out" 2>&1
	echo "# $(cat "$TMP/bro.out")"
	check "a read-only second device: refused as fds[0], named /dev/kfil1" \
		grep -q "kernel: job fds\[0\]: the device is read-only (file: /dev/kfil1)" "$TMP/bro.out"
	blockdev --setrw /dev/kfil1
	nullb_remove kfil1
	nullb_remove kfil0
else
	echo "# no null_blk: several devices not tried"
fi

# unlink=1 removes the files, on both paths
for path in kernel syscall; do
	"$KIOGEN" run --path=$path --name=u --directory="$D" --nrfiles=3 --size=3m \
		--rw=write --number_ios=30 --unlink=1 > "$TMP/u.out" 2>&1
	check "$path: unlink=1 runs" test $? -eq 0
	check "$path: unlink=1 removed the files" test -z "$(ls "$D" | grep '^u\.')"
done

# file_append: writes after the file's end, as fio's: a file of 64k grows
# to 80k by the job's writes, what was there stays (fio's own run too)
for path in fio kernel syscall; do
	f=$D/ap-$path
	head -c 65536 /dev/zero | tr '\0' q > "$f"
	if [ $path = fio ]; then
		fio --name=ap --filename="$f" --rw=write --bs=4k --size=16k --direct=1 \
			--file_append=1 --minimal > /dev/null 2>&1
	else
		"$KIOGEN" run --path=$path --name=ap --filename="$f" --rw=write --bs=4k \
			--size=16k --direct=1 --file_append=1 > "$TMP/ap.out" 2>&1 ||
			echo "# $(cat "$TMP/ap.out")"
	fi
	echo "# $path: file_append: $(sizes "$f") bytes"
	check "$path: file_append: 16k written after the end of 64k, the 64k kept" \
		test "$(sizes "$f")" = 81920 -a "$(head -c 65536 "$f" | tr -d q | wc -c)" = 0 \
		-a "$(tail -c 4096 "$f" | tr -d '\0' | wc -c)" -gt 0
done

# fsync_on_close: a file written buffered is synced once the job is done
# with it, no dirty page left (cachestat(2)); without it, pages stay dirty
dirty() {
	python3 - "$1" <<'PY'
import ctypes, os, sys
class R(ctypes.Structure):
    _fields_ = [("off", ctypes.c_uint64), ("len", ctypes.c_uint64)]
class C(ctypes.Structure):
    _fields_ = [(n, ctypes.c_uint64) for n in ("cache", "dirty", "wb", "ev", "rev")]
fd, r, c = os.open(sys.argv[1], os.O_RDONLY), R(0, 0), C()
libc = ctypes.CDLL(None, use_errno=True)
print(c.dirty if libc.syscall(451, fd, ctypes.byref(r), ctypes.byref(c), 0) == 0 else -1)
PY
}
for path in kernel syscall; do
	for on in 0 1; do
		rm -f "$D/fc"
		"$KIOGEN" run --path=$path --name=fc --filename="$D/fc" --rw=write --bs=64k \
			--size=2m --fsync_on_close=$on > "$TMP/fc.out" 2>&1 || echo "# $(cat "$TMP/fc.out")"
		eval "fc_$on=\$(dirty "$D/fc")"
	done
	echo "# $path: dirty pages after the run: $fc_0 without fsync_on_close, $fc_1 with"
	check "$path: fsync_on_close=1 leaves no dirty page (without it: $fc_0)" \
		test "$fc_0" -gt 0 -a "$fc_1" = 0
done

# create_only: the layout alone, on both paths: the file laid out, then no
# write over the layout's bytes ('k', 0x6b), no job reported
for path in kernel syscall; do
	rm -f "$D/co"
	"$KIOGEN" run --path=$path --name=co --filename="$D/co" --size=4m --rw=randwrite \
		--create_only=1 > "$TMP/co.out" 2>&1
	rc=$?
	echo "# $path: create_only: exit $rc, $(sizes "$D/co") bytes, $(grep -c groupid= "$TMP/co.out") jobs reported"
	check "$path: create_only: laid out to 4 MiB, nothing written over it, nothing reported" \
		test $rc = 0 -a "$(sizes "$D/co")" = 4194304 -a "$(tr -d k < "$D/co" | wc -c)" = 0 \
		-a -z "$(grep groupid= "$TMP/co.out")"
done

# a file the user may not write: refused, in words, naming it
"$KIOGEN" run --name=ro --filename="$D/w1:$D/w2" --size=2m --rw=read --number_ios=1 >/dev/null 2>&1
chown 65534 "$D/w2" && chmod 0444 "$D/w2"
as_nodac "$KIOGEN" run --name=ro --filename="$D/w1:$D/w2" --size=2m --rw=write \
	--number_ios=10 > "$TMP/ro.out" 2>&1
rc=$?
echo "# $(cat "$TMP/ro.out")"
check "an unwritable file of the list: refused (exit 1), naming it" \
	test $rc -eq 1 -a -n "$(grep "cannot open $D/w2: permission denied" "$TMP/ro.out")"

# the module checks each fd of fds as it checks fd, naming the entry by its index
line=$(knl new engine=kiocb name=k rw=write bs=4096 number_ios=4 nrfiles=4 \
	--fd "$D/w1:rdwr" --fd "$D/w1:rdwr" --fd "$D/w1:rdwr" --fd "$D/w1:rdonly")
echo "# $line"
check "fds[2] not open for writing: the module refuses it, naming fds[2]" \
	grep -q "errno=EBADF .*msg=job fds\[2\]: not open for writing, and the job writes" <<<"$line"
line=$(knl new engine=kiocb name=k rw=read bs=4096 number_ios=4 nrfiles=3 \
	--fd "$D/w1:rdonly" --fd "$D/w1:rdonly" --fd "/dev/null:rdonly")
echo "# $line"
check "fds[1] a character device: the engine refuses it, naming fds[1]" \
	grep -q "errno=EINVAL .*msg=job fds\[1\]: not a regular file or block device" <<<"$line"
line=$(knl new engine=kiocb name=k rw=read bs=4096 number_ios=4 nrfiles=3 \
	--fd "$D/w1:rdonly" --fd "$D/w1:rdonly")
echo "# $line"
check "fds of another count than nrfiles: the module refuses it" \
	grep -q "errno=EINVAL .*msg=job fds: 1 + their number is neither nrfiles" <<<"$line"

# bad values: exit 2, in words
"$KIOGEN" run --name=b --filename="$D/a:$D/b" --file_service_type=zipf:1.1 > "$TMP/bad.out" 2>&1
check "file_service_type=zipf: exit 2, said" test $? -eq 2 -a -n "$(grep "file_service_type: 'zipf:1.1'" "$TMP/bad.out")"
"$KIOGEN" run --name=b --filename="$D/a" --fadvise_hint=maybe > "$TMP/bad.out" 2>&1
check "fadvise_hint=maybe: exit 2, said" test $? -eq 2 -a -n "$(grep "fadvise_hint: 'maybe'" "$TMP/bad.out")"

umount "$D"
finish
