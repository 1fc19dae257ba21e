;; Float32 row-add for scatter-add (src/node/wasm-add.ts); compiled by scripts/wasm-add.mjs into
;; src/node/wasm-add-bytes.ts. Rows are applied one after another in update order, so duplicate
;; targets add in the same order as the JavaScript kernel.
(module
  (memory (export "memory") 1)
  ;; 1 under the `update_first` NaN rule (onnxruntime's ScatterND rows), 0 under `self_first`.
  (global $updateFirst (export "updateFirst") (mut i32) (i32.const 0))
  ;; One 4-lane group of a block that may hold a NaN: its sums, or where one is NaN, each lane
  ;; by the bit rule ($nanGroup).
  (func $group (param $d i32) (param $u i32)
    (local $s v128)
    (local.set $s (f32x4.add (v128.load (local.get $d)) (v128.load (local.get $u))))
    (if (v128.any_true (f32x4.ne (local.get $s) (local.get $s)))
      (then (call $nanGroup (local.get $d) (local.get $u)))
      (else (v128.store (local.get $d) (local.get $s)))))
  ;; One 4-lane group whose sum has a NaN, lane by lane with the library's `self_first` NaN
  ;; (x86's): the element's NaN quieted, else the update's, else the negative default NaN — or,
  ;; under `update_first`, the update's NaN first. Wasm leaves a NaN result's bits to the host, so
  ;; they are set here as integers.
  (func $nanGroup (param $d i32) (param $u i32)
    (local $k i32) (local $a i32) (local $b i32) (local $s f32)
    (loop $lane
      ;; $a is the operand whose NaN comes first, $b the other; the sum is the same either way.
      (local.set $a (select (i32.load (local.get $u)) (i32.load (local.get $d)) (global.get $updateFirst)))
      (local.set $b (select (i32.load (local.get $d)) (i32.load (local.get $u)) (global.get $updateFirst)))
      (local.set $s (f32.add (f32.reinterpret_i32 (local.get $a)) (f32.reinterpret_i32 (local.get $b))))
      (if (f32.ne (local.get $s) (local.get $s))
        (then
          (i32.store (local.get $d)
            (if (result i32) (i32.gt_u (i32.and (local.get $a) (i32.const 0x7fffffff)) (i32.const 0x7f800000))
              (then (i32.or (local.get $a) (i32.const 0x400000)))
              (else
                (if (result i32) (i32.gt_u (i32.and (local.get $b) (i32.const 0x7fffffff)) (i32.const 0x7f800000))
                  (then (i32.or (local.get $b) (i32.const 0x400000)))
                  (else (i32.const 0xffc00000)))))))
        (else (f32.store (local.get $d) (local.get $s))))
      (local.set $d (i32.add (local.get $d) (i32.const 4)))
      (local.set $u (i32.add (local.get $u) (i32.const 4)))
      (local.set $k (i32.add (local.get $k) (i32.const 1)))
      (br_if $lane (i32.lt_u (local.get $k) (i32.const 4)))))
  ;; rows(data, upd, starts, count, width): for r < count,
  ;;   data[starts[r] .. + width] += upd[r·width .. + width]
  ;; (byte addresses data, upd, starts; starts in float32 elements; width a multiple of 4).
  ;; 16 lanes at a time, then 4: the sums are stored only once a block is known to hold no NaN.
  (func (export "rows") (param $data i32) (param $upd i32) (param $starts i32) (param $count i32) (param $w i32)
    (local $r i32) (local $d i32) (local $end i32) (local $end16 i32) (local $bytes i32)
    (local $s0 v128) (local $s1 v128) (local $s2 v128) (local $s3 v128) (local $t v128)
    (local.set $bytes (i32.shl (local.get $w) (i32.const 2)))
    (block $done
      (br_if $done (i32.eqz (local.get $count)))
      (loop $row
        (local.set $d (i32.add (local.get $data) (i32.shl (i32.load (local.get $starts)) (i32.const 2))))
        (local.set $end (i32.add (local.get $d) (local.get $bytes)))
        (local.set $end16 (i32.sub (local.get $end) (i32.and (local.get $bytes) (i32.const 63))))
        (block $blocks_done
          (br_if $blocks_done (i32.ge_u (local.get $d) (local.get $end16)))
          (loop $block
            (local.set $s0 (f32x4.add (v128.load offset=0 (local.get $d)) (v128.load offset=0 (local.get $upd))))
            (local.set $s1 (f32x4.add (v128.load offset=16 (local.get $d)) (v128.load offset=16 (local.get $upd))))
            (local.set $s2 (f32x4.add (v128.load offset=32 (local.get $d)) (v128.load offset=32 (local.get $upd))))
            (local.set $s3 (f32x4.add (v128.load offset=48 (local.get $d)) (v128.load offset=48 (local.get $upd))))
            ;; One NaN test for the block: a NaN in any sum makes this total NaN. (The total can
            ;; also be NaN without one — inf + -inf — which only sends the block the exact way.)
            (local.set $t (f32x4.add (f32x4.add (local.get $s0) (local.get $s1)) (f32x4.add (local.get $s2) (local.get $s3))))
            (if (v128.any_true (f32x4.ne (local.get $t) (local.get $t)))
              (then
                ;; Rare: group by group, from the elements still in memory ($group).
                (call $group (local.get $d) (local.get $upd))
                (call $group (i32.add (local.get $d) (i32.const 16)) (i32.add (local.get $upd) (i32.const 16)))
                (call $group (i32.add (local.get $d) (i32.const 32)) (i32.add (local.get $upd) (i32.const 32)))
                (call $group (i32.add (local.get $d) (i32.const 48)) (i32.add (local.get $upd) (i32.const 48))))
              (else
                (v128.store offset=0 (local.get $d) (local.get $s0))
                (v128.store offset=16 (local.get $d) (local.get $s1))
                (v128.store offset=32 (local.get $d) (local.get $s2))
                (v128.store offset=48 (local.get $d) (local.get $s3))))
            (local.set $d (i32.add (local.get $d) (i32.const 64)))
            (local.set $upd (i32.add (local.get $upd) (i32.const 64)))
            (br_if $block (i32.lt_u (local.get $d) (local.get $end16)))))
        ;; The row's last 4, 8 or 12 lanes.
        (block $groups_done
          (br_if $groups_done (i32.ge_u (local.get $d) (local.get $end)))
          (loop $tail
            (local.set $s0 (f32x4.add (v128.load (local.get $d)) (v128.load (local.get $upd))))
            (if (v128.any_true (f32x4.ne (local.get $s0) (local.get $s0)))
              (then (call $nanGroup (local.get $d) (local.get $upd)))
              (else (v128.store (local.get $d) (local.get $s0))))
            (local.set $d (i32.add (local.get $d) (i32.const 16)))
            (local.set $upd (i32.add (local.get $upd) (i32.const 16)))
            (br_if $tail (i32.lt_u (local.get $d) (local.get $end)))))
        (local.set $starts (i32.add (local.get $starts) (i32.const 4)))
        (local.set $r (i32.add (local.get $r) (i32.const 1)))
        (br_if $row (i32.lt_u (local.get $r) (local.get $count))))))
)
