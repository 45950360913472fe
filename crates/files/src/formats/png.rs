//! PNG files that carry their recipe, so that a saved picture alone brings its map back.
//!
//! The recipe goes into a text chunk with the keyword `recipe` (before the image data),
//! beside a `Software` chunk: a `tEXt` chunk as it is, or, for a text longer than
//! [`STORED_TEXT_MOST`] (thousands of pins, a big vault), a `zTXt` chunk, compressed.
//! Encoding is deterministic: the same pixels and recipe give the same bytes. Pictures are
//! written band by band, so any size needs memory for one band.
//!
//! Files are read as hostile: the recipe is read from the chunks before the image data,
//! each checked against its checksum and bounded in size (by the longest recipe that can
//! be made, [`MAX_RECIPE_BYTES`], compressed or not), and pixels are never decoded for it.
//! Where pixels are decoded, a picture larger than [`MAX_SIDE`] a side is refused before
//! anything is allocated for it.

use std::io::{self, BufWriter, Cursor, Read, Write};
use std::path::Path;

use super::Error;
#[cfg(not(target_arch = "wasm32"))]
use super::safe_write::open_regular;
use crate::draw::MAX_SIDE;
use crate::draw::pixels::Pixels;
use crate::draw::raster::Raster;
use dungeon_generator::Recipe;

/// The `tEXt` keyword under which the recipe is stored.
pub const RECIPE_KEYWORD: &str = "recipe";

/// The longest text chunk written as it is (`tEXt`, keyword and all); a longer one is
/// compressed (`zTXt`). Readers that took a chunk of at most 64 KiB read every file with a
/// `tEXt` chunk, and every file written before long texts were compressed keeps its bytes.
pub const STORED_TEXT_MOST: usize = 64 * 1024;
/// The longest recipe read, in bytes of text: more than any recipe that can be made holds
/// (its pins' and vaults' boxes hold at most 125 million cells, six to a character of
/// their text: about 21 MB, and a few hundred kB more for the rest).
pub const MAX_RECIPE_BYTES: usize = 32 << 20;
/// The most bytes a chunk before the image data may hold: a recipe at its longest, stored
/// in compressed form (which adds a few bytes in 64 KiB, at worst).
pub const MAX_CHUNK_BYTES: u32 = (MAX_RECIPE_BYTES + STORED_TEXT_MOST) as u32;
/// The most bytes read from the start of a file to its image data, to find its recipe:
/// room for a recipe at its longest and for a contact sheet's tiles' recipes, which a
/// sheet keeps within (see [`text_chunk_most`]). Texts are decompressed up to as many
/// bytes in all.
pub const MAX_HEADER_BYTES: u64 = 64 << 20;
/// The most bytes read of a whole file to decode its pixels: more than the largest picture
/// this program writes (16384 pixels a side, even stored uncompressed).
pub const MAX_FILE_BYTES: u64 = 1 << 30;

/// The eight bytes every PNG file starts with.
pub const SIGNATURE: [u8; 8] = [0x89, b'P', b'N', b'G', b'\r', b'\n', 0x1a, b'\n'];

/// A decoded picture: its pixels and its text chunks as (keyword, text).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Picture {
    /// Its pixels.
    pub pixels: Pixels,
    /// Its text chunks before its image data (`tEXt`, and `zTXt` decompressed), keyword
    /// and text, in file order.
    pub texts: Vec<(String, String)>,
}

impl Picture {
    /// The text stored under `keyword`, if any.
    #[must_use]
    pub fn text(&self, keyword: &str) -> Option<&str> {
        self.texts
            .iter()
            .find(|(k, _)| k == keyword)
            .map(|(_, t)| t.as_str())
    }
}

/// The PNG bytes of `pixels` with `recipe` inside.
///
/// # Errors
/// Only when the encoder fails, which an image from [`crate::draw::raster::rasterize`] never
/// makes it do.
pub fn encode(pixels: &Pixels, recipe: &Recipe) -> io::Result<Vec<u8>> {
    encode_with(pixels, recipe, &[])
}

/// The PNG bytes of `pixels` with `recipe` and further text chunks inside.
///
/// # Errors
/// As [`encode`], and for a keyword that is not 1 to 79 Latin-1 characters.
pub fn encode_with(
    pixels: &Pixels,
    recipe: &Recipe,
    extra: &[(&str, String)],
) -> io::Result<Vec<u8>> {
    encode_texts(pixels, &with_recipe(recipe, extra))
}

/// The PNG bytes of `pixels` without a recipe, only the `Software` chunk: a thumbnail
/// kept beside its recipe.
///
/// # Errors
/// As [`encode`].
pub fn encode_picture(pixels: &Pixels) -> io::Result<Vec<u8>> {
    encode_texts(pixels, &[software()])
}

/// The PNG bytes of `pixels` with the text chunks `texts`.
fn encode_texts(pixels: &Pixels, texts: &[(&str, String)]) -> io::Result<Vec<u8>> {
    const ROWS: usize = 16;
    let mut bytes = Vec::new();
    let band = (pixels.width() as usize * ROWS).max(1);
    write_bands(
        &mut bytes,
        (pixels.width(), pixels.height()),
        texts,
        true,
        |each| pixels.rgba_pixels().chunks(band).try_for_each(each),
    )?;
    Ok(bytes)
}

/// The text chunks of a picture of `recipe`: the recipe, the program that wrote it, then
/// `extra`.
fn with_recipe<'a>(recipe: &Recipe, extra: &[(&'a str, String)]) -> Vec<(&'a str, String)> {
    let mut texts = vec![(RECIPE_KEYWORD, recipe.to_string()), software()];
    texts.extend(extra.iter().cloned());
    texts
}

/// The `Software` chunk's keyword and text: this program and its version.
#[must_use]
pub fn software() -> (&'static str, String) {
    (
        "Software",
        format!("Dungeon Viewer {}", env!("CARGO_PKG_VERSION")),
    )
}

/// The most bytes the text chunk of `text` under `keyword` takes in a file: as it is, or
/// compressed, which never grows a text by more than a few bytes in 64 KiB (a text that
/// does not compress is stored in blocks of 65,535 bytes, 5 bytes a block).
#[must_use]
pub fn text_chunk_most(keyword: &str, text: &str) -> u64 {
    let stored = (keyword.len() + 1 + text.len()) as u64;
    let chunk = 12;
    if stored <= STORED_TEXT_MOST as u64 {
        return chunk + stored;
    }
    let zlib = 2 + 4 + 5 * (text.len() as u64 / 65_535 + 1);
    chunk + stored + 1 + zlib
}

/// Write the picture `raster` draws, with `recipe` inside, as PNG to `out`, one band of
/// rows at a time: the memory it needs is one band's, whatever the picture's size. The
/// bytes are those [`encode`] gives for the same pixels.
///
/// # Errors
/// When `out` cannot be written.
pub fn write(out: impl Write, raster: &Raster, recipe: &Recipe) -> io::Result<()> {
    let size = (raster.width(), raster.height());
    write_banded(out, size, recipe, raster.draws_again_cheaply(), |each| {
        raster.for_each_band(each)
    })
}

/// Rows of cells an estimate of a picture's size compresses.
const SAMPLED_BANDS: u32 = 32;

/// About how many bytes the PNG of `raster` takes: a sample of its bands (evenly spread
/// rows of cells) compressed as [`write()`] compresses them, scaled to all of them. Within
/// a few percent on maps, at a small part of the cost of the whole file.
///
/// # Errors
/// Only when compressing fails, which writing to memory never does.
pub fn estimated_size(raster: &Raster) -> io::Result<u64> {
    let bands = raster.bands();
    let sampled = bands.clamp(1, SAMPLED_BANDS);
    let rows = move || (0..sampled).map(move |i| i * bands / sampled);
    let width = raster.width() as usize;
    let sample = |store| {
        image_data(Counted::new(io::sink(), b""), width, store, &|each| {
            raster.for_each_band_of(rows(), each)
        })
    };
    let compressed = sample(false)?.bytes;
    let raw = (width * 3 + 1) as u64 * u64::from(raster.height()) * u64::from(sampled)
        / u64::from(bands.max(1));
    let data = compressed.min(raw) * u64::from(bands) / u64::from(sampled);
    // Signature, header, text chunks and end: a few hundred bytes.
    Ok(data + 300)
}

/// Write a picture of `(width, height)` pixels, with `recipe` inside, as PNG to `out`:
/// `bands` hands its RGBA rows to the function it is given, top first, in bands of whole
/// rows, each time it is called: twice when `again` says that is cheap, else once. The
/// memory it needs is one band's.
///
/// # Errors
/// When `out` cannot be written, or `bands` fails.
pub fn write_banded(
    out: impl Write,
    size: (u32, u32),
    recipe: &Recipe,
    again: bool,
    bands: impl Fn(&mut dyn FnMut(&[[u8; 4]]) -> io::Result<()>) -> io::Result<()>,
) -> io::Result<()> {
    write_bands(out, size, &with_recipe(recipe, &[]), again, bands)
}

/// The PNG encoder behind [`encode_with`] and [`write`](fn@write): a picture of `(width, height)`
/// pixels whose RGBA rows `bands` hands over, top first, in bands of whole rows, each time
/// it is called, with the text chunks `texts` (keyword, text) before its image data.
///
/// The bytes are those the `png` crate's encoder makes of the whole image at once
/// (`Writer::write_image_data` with its defaults: rows filtered with `Sub` and deflated by
/// `fdeflate`, or stored when that would be larger, in one `IDAT` chunk), so pictures keep
/// their bytes. To stream that one chunk, whose length comes first, the image data is made
/// twice: once to count it, once to write it. Unless `again` says that handing the bands
/// over twice is cheap (they are kept, or quick to draw), they are handed over once: the
/// image data is then deflated as it comes and written in `IDAT` chunks of
/// [`IDAT_CHUNK_BYTES`], as streaming encoders write it.
fn write_bands(
    mut out: impl Write,
    (width, height): (u32, u32),
    texts: &[(&str, String)],
    again: bool,
    bands: impl Fn(&mut dyn FnMut(&[[u8; 4]]) -> io::Result<()>) -> io::Result<()>,
) -> io::Result<()> {
    if width == 0 || height == 0 {
        return Err(invalid_input("a picture needs at least one pixel".into()));
    }
    out.write_all(&SIGNATURE)?;
    let mut header = [0; 13];
    header[..4].copy_from_slice(&width.to_be_bytes());
    header[4..8].copy_from_slice(&height.to_be_bytes());
    header[8..10].copy_from_slice(&[8, 2]); // 8 bits a sample, RGB
    write_chunk(&mut out, *b"IHDR", &header)?;
    for (keyword, text) in texts {
        let (kind, data) = text_chunk(keyword, text)?;
        write_chunk(&mut out, kind, &data)?;
    }

    let (width, raw) = (width as usize, (width as usize * 3 + 1) * height as usize);
    if again {
        let compressed = image_data(Counted::new(io::sink(), b""), width, false, &bands)?.bytes;
        let store = compressed > fdeflate::StoredOnlyCompressor::<()>::compressed_size(raw) as u64;
        let length = if store {
            Stored::<io::Sink>::size(raw)
        } else {
            compressed
        };
        out.write_all(&chunk_length(length)?.to_be_bytes())?;
        out.write_all(b"IDAT")?;
        let written = image_data(Counted::new(&mut out, b"IDAT"), width, store, &bands)?;
        let crc = written.crc.finalize();
        out.write_all(&crc.to_be_bytes())?;
    } else {
        image_data(Chunked::new(&mut out), width, false, &bands)?.finish()?;
    }
    write_chunk(&mut out, *b"IEND", &[])?;
    out.flush()
}

/// The image data a streamed picture's `IDAT` chunks hold, each but the last.
pub const IDAT_CHUNK_BYTES: usize = 1 << 20;

/// A writer of image data into `IDAT` chunks of [`IDAT_CHUNK_BYTES`], the last one at
/// [`Chunked::finish`].
struct Chunked<W> {
    out: W,
    data: Vec<u8>,
}

impl<W: Write> Chunked<W> {
    fn new(out: W) -> Self {
        Self {
            out,
            data: Vec::with_capacity(IDAT_CHUNK_BYTES),
        }
    }

    /// Write the data gathered as one chunk.
    fn chunk(&mut self) -> io::Result<()> {
        write_chunk(&mut self.out, *b"IDAT", &self.data)?;
        self.data.clear();
        Ok(())
    }

    /// Write the last chunk.
    fn finish(mut self) -> io::Result<()> {
        self.chunk()
    }
}

impl<W: Write> Write for Chunked<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        if self.data.len() == IDAT_CHUNK_BYTES {
            self.chunk()?;
        }
        let n = buf.len().min(IDAT_CHUNK_BYTES - self.data.len());
        self.data.extend_from_slice(&buf[..n]);
        Ok(n)
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// `bytes` as the length of a chunk, if PNG allows a chunk that long.
fn chunk_length(bytes: u64) -> io::Result<u32> {
    u32::try_from(bytes)
        .ok()
        .filter(|&n| n <= u32::MAX >> 1)
        .ok_or_else(|| invalid_input(format!("{bytes} bytes are too many for a PNG chunk")))
}

/// Write the zlib stream of the image `bands` hands over, rows `width` pixels long, to
/// `out`: filtered with `Sub` and deflated, or stored unfiltered when `store` is set.
fn image_data<W: Write>(
    out: W,
    width: usize,
    store: bool,
    bands: &impl Fn(&mut dyn FnMut(&[[u8; 4]]) -> io::Result<()>) -> io::Result<()>,
) -> io::Result<W> {
    // The compressor writes a few bytes at a time: gather them for the checksum.
    let out = BufWriter::with_capacity(1 << 16, out);
    let mut deflate = if store {
        Deflate::Stored(Stored::new(out)?)
    } else {
        Deflate::Compressed(fdeflate::Compressor::new(out)?)
    };
    let mut rgb = vec![0; width * 3];
    // A row of image data: its filter type, then its bytes.
    let mut row = vec![0; 1 + width * 3];
    bands(&mut |band| {
        for pixels in band.chunks(width) {
            for (to, px) in rgb.chunks_exact_mut(3).zip(pixels) {
                to.copy_from_slice(&px[..3]);
            }
            if store {
                row[0] = 0; // None
                row[1..].copy_from_slice(&rgb);
            } else {
                // Sub: each byte less the same colour of the pixel on its left.
                row[0] = 1;
                row[1..4].copy_from_slice(&rgb[..3]);
                for ((to, &byte), &left) in row[4..].iter_mut().zip(&rgb[3..]).zip(&rgb) {
                    *to = byte.wrapping_sub(left);
                }
            }
            match &mut deflate {
                Deflate::Compressed(compressor) => compressor.write_data(&row)?,
                Deflate::Stored(stored) => stored.write_data(&row)?,
            }
        }
        Ok(())
    })?;
    let out = match deflate {
        Deflate::Compressed(compressor) => compressor.finish()?,
        Deflate::Stored(stored) => stored.finish()?,
    };
    out.into_inner().map_err(io::IntoInnerError::into_error)
}

/// The two ways image data is deflated.
enum Deflate<W: Write> {
    Compressed(fdeflate::Compressor<BufWriter<W>>),
    Stored(Stored<BufWriter<W>>),
}

/// A writer that counts the bytes through it and keeps their CRC, started from `kind`.
struct Counted<W> {
    out: W,
    bytes: u64,
    crc: crc32fast::Hasher,
}

impl<W: Write> Counted<W> {
    fn new(out: W, kind: &[u8]) -> Self {
        let mut crc = crc32fast::Hasher::new();
        crc.update(kind);
        Self { out, bytes: 0, crc }
    }
}

impl<W: Write> Write for Counted<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let n = self.out.write(buf)?;
        self.bytes += n as u64;
        self.crc.update(&buf[..n]);
        Ok(n)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.out.flush()
    }
}

/// A zlib stream of stored (uncompressed) deflate blocks, streamed: the bytes of
/// `fdeflate::StoredOnlyCompressor`, which needs to seek back.
struct Stored<W> {
    out: W,
    block: Vec<u8>,
    adler: (u32, u32),
}

impl<W: Write> Stored<W> {
    const BLOCK: usize = u16::MAX as usize;

    /// The bytes of the stream of `raw` bytes (at least one): its header, each block's
    /// head and bytes, and its checksum.
    fn size(raw: usize) -> u64 {
        (2 + raw.div_ceil(Self::BLOCK) * 5 + raw + 4) as u64
    }

    fn new(mut out: W) -> io::Result<Self> {
        out.write_all(&[0x78, 0x01])?;
        Ok(Self {
            out,
            block: Vec::with_capacity(Self::BLOCK),
            adler: (1, 0),
        })
    }

    fn write_data(&mut self, mut data: &[u8]) -> io::Result<()> {
        for &byte in data {
            self.adler.0 = (self.adler.0 + u32::from(byte)) % 65521;
            self.adler.1 = (self.adler.1 + self.adler.0) % 65521;
        }
        while !data.is_empty() {
            if self.block.len() == Self::BLOCK {
                self.write_block(false)?;
            }
            let n = data.len().min(Self::BLOCK - self.block.len());
            self.block.extend_from_slice(&data[..n]);
            data = &data[n..];
        }
        Ok(())
    }

    fn write_block(&mut self, last: bool) -> io::Result<()> {
        let [lo, hi] = (self.block.len() as u16).to_le_bytes();
        self.out.write_all(&[u8::from(last), lo, hi, !lo, !hi])?;
        self.out.write_all(&self.block)?;
        self.block.clear();
        Ok(())
    }

    fn finish(mut self) -> io::Result<W> {
        self.write_block(true)?;
        let (a, b) = self.adler;
        self.out.write_all(&((b << 16) | a).to_be_bytes())?;
        Ok(self.out)
    }
}

/// Write one PNG chunk: length, kind, data and checksum.
fn write_chunk(mut out: impl Write, kind: [u8; 4], data: &[u8]) -> io::Result<()> {
    let length = chunk_length(data.len() as u64)?;
    let mut crc = crc32fast::Hasher::new();
    crc.update(&kind);
    crc.update(data);
    out.write_all(&length.to_be_bytes())?;
    out.write_all(&kind)?;
    out.write_all(data)?;
    out.write_all(&crc.finalize().to_be_bytes())
}

/// The kind and data of the text chunk of `text` under `keyword` (1 to 79 characters),
/// both in Latin-1: `tEXt` (the keyword, a zero byte and the text) for a chunk of at most
/// [`STORED_TEXT_MOST`] bytes, else `zTXt` (the keyword, a zero byte, the compression
/// method 0 and the text as a zlib stream).
fn text_chunk(keyword: &str, text: &str) -> io::Result<([u8; 4], Vec<u8>)> {
    let latin1 = |s: &str| -> io::Result<Vec<u8>> {
        s.chars()
            .map(|c| u8::try_from(c).map_err(|_| invalid_input(format!("{c:?} is not Latin-1"))))
            .collect()
    };
    let mut data = latin1(keyword)?;
    if !(1..=79).contains(&data.len()) {
        return Err(invalid_input(format!(
            "the keyword {keyword:?} is not 1 to 79 characters"
        )));
    }
    data.push(0);
    let text = latin1(text)?;
    if data.len() + text.len() <= STORED_TEXT_MOST {
        data.extend(text);
        return Ok((*b"tEXt", data));
    }
    data.push(0);
    data.extend(miniz_oxide::deflate::compress_to_vec_zlib(&text, 9));
    Ok((*b"zTXt", data))
}

/// The text of a `tEXt` or `zTXt` chunk's `data` after its keyword and zero byte, as
/// characters, at most `most` bytes of it; `None` for a chunk of another kind.
///
/// # Errors
/// A compression method other than zlib's, or compressed text that is damaged or longer
/// than `most`, said in words.
fn chunk_text(kind: &[u8; 4], data: &[u8], most: usize) -> Option<Result<String, String>> {
    let latin1 = |bytes: &[u8]| bytes.iter().map(|&b| char::from(b)).collect();
    match kind {
        b"tEXt" if data.len() > most => Some(Err(format!("it is over {most} bytes"))),
        b"tEXt" => Some(Ok(latin1(data))),
        b"zTXt" => Some(match data.split_first() {
            Some((0, compressed)) => {
                miniz_oxide::inflate::decompress_to_vec_zlib_with_limit(compressed, most)
                    .map(|text| latin1(&text))
                    .map_err(|e| match e.status {
                        miniz_oxide::inflate::TINFLStatus::HasMoreOutput => {
                            format!("it is over {most} bytes uncompressed")
                        }
                        _ => "its compressed text is damaged".to_string(),
                    })
            }
            _ => Err("it is compressed in a way PNG does not know".to_string()),
        }),
        _ => None,
    }
}

fn invalid_input(message: String) -> io::Error {
    io::Error::new(io::ErrorKind::InvalidInput, message)
}

/// Decode PNG `bytes` (any colour type and depth) into RGBA pixels and their text chunks.
/// `file` only names the source in errors. A picture over [`MAX_SIDE`] pixels a side is
/// refused from its header, before anything is allocated for its pixels.
///
/// # Errors
/// Bytes that are not a PNG, or a PNG that is damaged, cut short or over the size limit.
pub fn decode(bytes: &[u8], file: &Path) -> Result<Picture, Error> {
    decode_within(bytes, file, (MAX_SIDE, MAX_SIDE))
}

/// [`decode`], refusing from its header a picture wider or taller than `most`: for
/// pictures that should be small (thumbnails), so a huge one costs nothing.
///
/// # Errors
/// As [`decode`], and for a picture over `most`.
pub fn decode_within(bytes: &[u8], file: &Path, most: (u32, u32)) -> Result<Picture, Error> {
    let header = read_header(bytes, file, true)?;
    if header.width > most.0 || header.height > most.1 {
        return Err(Error::PictureTooLarge {
            file: file.to_path_buf(),
            width: header.width,
            height: header.height,
            most_w: most.0,
            most_h: most.1,
        });
    }
    let damaged = |e: png::DecodingError| match e {
        png::DecodingError::IoError(io) => broken(file, io),
        other => Error::Damaged {
            file: file.to_path_buf(),
            detail: other.to_string(),
        },
    };
    let limits = png::Limits {
        bytes: most.0 as usize * most.1 as usize * 4,
    };
    let mut decoder = png::Decoder::new_with_limits(Cursor::new(bytes), limits);
    // The texts are read, bounded, from the header.
    decoder.set_ignore_text_chunk(true);
    decoder.set_transformations(png::Transformations::EXPAND | png::Transformations::STRIP_16);
    let mut reader = decoder.read_info().map_err(damaged)?;
    let mut buffer = vec![0; reader.output_buffer_size()];
    let frame = reader.next_frame(&mut buffer).map_err(damaged)?;
    reader.finish().map_err(damaged)?;
    buffer.truncate(frame.buffer_size());
    let rgba: Vec<u8> = match frame.color_type {
        png::ColorType::Rgba => buffer,
        png::ColorType::Rgb => buffer
            .chunks_exact(3)
            .flat_map(|c| [c[0], c[1], c[2], 255])
            .collect(),
        png::ColorType::GrayscaleAlpha => buffer
            .chunks_exact(2)
            .flat_map(|c| [c[0], c[0], c[0], c[1]])
            .collect(),
        png::ColorType::Grayscale | png::ColorType::Indexed => {
            buffer.iter().flat_map(|&g| [g, g, g, 255]).collect()
        }
    };
    let pixels =
        Pixels::from_rgba(frame.width, frame.height, rgba).map_err(|e| Error::Damaged {
            file: file.to_path_buf(),
            detail: e.to_string(),
        })?;
    Ok(Picture {
        pixels,
        texts: header.texts,
    })
}

/// Read the recipe inside a picture file, and nothing after it: the chunks before the image
/// data, at most [`MAX_HEADER_BYTES`] of them, each at most [`MAX_CHUNK_BYTES`] and checked
/// against its checksum. Only a regular file is read (never a device, directory or pipe).
///
/// # Errors
/// The file cannot be read or is not a regular file, is not a PNG, is damaged before its
/// image data, has no recipe before its image data, or its recipe does not parse; each
/// message names the file.
#[cfg(not(target_arch = "wasm32"))]
pub fn read_recipe(file: &Path) -> Result<Recipe, Error> {
    let input = open_regular(file).map_err(|error| unreadable(file, error))?;
    recipe_in(read_header(io::BufReader::new(input), file, false)?, file)
}

/// Read a picture file whole, at most [`MAX_FILE_BYTES`]: its pixels and its recipe.
///
/// # Errors
/// As [`read_recipe`] and [`decode`], and for a file over [`MAX_FILE_BYTES`].
#[cfg(not(target_arch = "wasm32"))]
pub fn read(file: &Path) -> Result<(Pixels, Recipe), Error> {
    let input = open_regular(file).map_err(|error| unreadable(file, error))?;
    let mut bytes = Vec::new();
    input
        .take(MAX_FILE_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|error| unreadable(file, error))?;
    if bytes.len() as u64 > MAX_FILE_BYTES {
        let error = io::Error::new(
            io::ErrorKind::FileTooLarge,
            "it is over 1 GiB, larger than any picture this program writes",
        );
        return Err(unreadable(file, error));
    }
    let recipe = recipe_in(read_header(bytes.as_slice(), file, false)?, file)?;
    Ok((decode(&bytes, file)?.pixels, recipe))
}

/// What the chunks before a picture's image data say.
struct Header {
    width: u32,
    height: u32,
    /// The text of the `recipe` chunk, if there is one.
    recipe: Option<String>,
    /// Every text chunk, keyword and text, in file order, when they were asked for.
    texts: Vec<(String, String)>,
}

/// The recipe in the picture `bytes` (named `file` in messages), read as [`read_recipe`]
/// reads a file: only the chunks before its image data.
///
/// # Errors
/// As [`read_recipe`], but for reading the file.
pub fn recipe_of(bytes: &[u8], file: &Path) -> Result<Recipe, Error> {
    recipe_in(read_header(bytes, file, false)?, file)
}

/// Read `input` from its signature up to its first image data (`IDAT`) or its end, and no
/// further; every chunk on the way is bounded and checked against its checksum. The
/// recipe's text is decompressed when it is compressed, at most [`MAX_RECIPE_BYTES`] of it;
/// with `texts`, every other text is too, at most [`MAX_HEADER_BYTES`] of them all.
fn read_header(mut input: impl Read, file: &Path, texts: bool) -> Result<Header, Error> {
    let damaged = |detail: String| Error::Damaged {
        file: file.to_path_buf(),
        detail,
    };
    let mut signature = [0; 8];
    if input.read_exact(&mut signature).is_err() || signature != SIGNATURE {
        return Err(Error::NotPng(file.to_path_buf()));
    }
    let mut header = Header {
        width: 0,
        height: 0,
        recipe: None,
        texts: Vec::new(),
    };
    let (mut sized, mut total) = (false, SIGNATURE.len() as u64);
    // Bytes of text decompressed so far, bounded however small the chunks.
    let mut told = 0;
    loop {
        let mut head = [0; 8];
        input.read_exact(&mut head).map_err(|e| broken(file, e))?;
        let [l0, l1, l2, l3, k0, k1, k2, k3] = head;
        let (length, kind) = (u32::from_be_bytes([l0, l1, l2, l3]), [k0, k1, k2, k3]);
        let name = String::from_utf8_lossy(&kind).into_owned();
        if &kind == b"IDAT" || &kind == b"IEND" {
            break;
        }
        total += 12 + u64::from(length);
        if length > MAX_CHUNK_BYTES || total > MAX_HEADER_BYTES {
            return Err(damaged(format!(
                "its `{name}` chunk of {length} bytes goes past the limits before the image \
                 data ({MAX_CHUNK_BYTES} bytes a chunk, {MAX_HEADER_BYTES} in all)"
            )));
        }
        let mut data = vec![0; length as usize + 4];
        input.read_exact(&mut data).map_err(|e| broken(file, e))?;
        let crc = data.split_off(length as usize);
        let mut hasher = crc32fast::Hasher::new();
        hasher.update(&kind);
        hasher.update(&data);
        let keyword = matches!(&kind, b"tEXt" | b"zTXt")
            .then(|| data.iter().position(|&b| b == 0))
            .flatten()
            .map(|end| (&data[..end], &data[end + 1..]));
        let recipe = keyword.filter(|(k, _)| *k == RECIPE_KEYWORD.as_bytes());
        if hasher.finalize().to_be_bytes() != crc.as_slice() {
            let what = if recipe.is_some() {
                "recipe".to_string()
            } else {
                format!("`{name}` chunk")
            };
            return Err(damaged(format!(
                "the checksum of its {what} does not match: it was edited or damaged"
            )));
        }
        if &kind == b"IHDR" {
            let field = |at: usize| {
                let bytes = data.get(at..at + 4)?;
                Some(u32::from_be_bytes(bytes.try_into().ok()?))
            };
            if let (Some(width), Some(height)) = (field(0), field(4)) {
                (header.width, header.height, sized) = (width, height, true);
            }
            continue;
        }
        let Some((keyword, rest)) = keyword else {
            continue;
        };
        if recipe.is_some() && header.recipe.is_some() {
            return Err(Error::TwoRecipes(file.to_path_buf()));
        }
        if recipe.is_none() && !texts {
            continue;
        }
        let most = if recipe.is_some() {
            MAX_RECIPE_BYTES
        } else {
            (MAX_HEADER_BYTES as usize).saturating_sub(told)
        };
        let text = chunk_text(&kind, rest, most)
            .unwrap_or_else(|| Ok(String::new()))
            .map_err(|why| {
                let what = if recipe.is_some() { "recipe" } else { "text" };
                damaged(format!("its {what} cannot be read: {why}"))
            })?;
        told += text.len();
        if recipe.is_some() {
            header.recipe = Some(text.clone());
        }
        if texts {
            header
                .texts
                .push((keyword.iter().map(|&b| char::from(b)).collect(), text));
        }
    }
    if !sized {
        return Err(damaged(
            "it has no header (`IHDR`) before its image data".into(),
        ));
    }
    Ok(header)
}

/// The recipe `header` holds.
fn recipe_in(header: Header, file: &Path) -> Result<Recipe, Error> {
    let text = header.recipe.ok_or_else(|| Error::NoRecipe {
        file: file.to_path_buf(),
        what: "has no dungeon recipe before its image data (only pictures saved by Dungeon \
               Viewer have one)"
            .to_string(),
    })?;
    text.parse().map_err(|source| Error::BadRecipe {
        file: file.to_path_buf(),
        source,
    })
}

fn unreadable(file: &Path, source: io::Error) -> Error {
    Error::read(file)(source)
}

/// A read error in the middle of a picture: cut short, or unreadable.
fn broken(file: &Path, error: io::Error) -> Error {
    if error.kind() == io::ErrorKind::UnexpectedEof {
        Error::Damaged {
            file: file.to_path_buf(),
            detail: "it breaks off before its end".to_string(),
        }
    } else {
        unreadable(file, error)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_text_chunk_takes_at_most_what_is_said_of_it_and_reads_back() {
        // Latin-1 of no pattern, which does not compress; one that does; one stored.
        let mut state = 7u64;
        let noise: String = (0..300_000)
            .map(|_| {
                state = state
                    .wrapping_mul(6_364_136_223_846_793_005)
                    .wrapping_add(1);
                char::from((state >> 56) as u8)
            })
            .collect();
        let repeated = "dv1 pin=".to_string() + &"1@2.3.4x5.aabbcc.AB~".repeat(10_000);
        for (text, kind) in [
            (noise.as_str(), *b"zTXt"),
            (repeated.as_str(), *b"zTXt"),
            ("dv1 seed=3", *b"tEXt"),
        ] {
            let (written, data) = text_chunk("recipe", text).unwrap();
            assert_eq!(written, kind);
            assert!(12 + data.len() as u64 <= text_chunk_most("recipe", text));
            let rest = &data["recipe".len() + 1..];
            let read = chunk_text(&kind, rest, MAX_RECIPE_BYTES).unwrap().unwrap();
            assert!(read == text, "{} bytes read back", read.len());
        }
    }
}
