-- lotr-rules card scripts in Neovim (0.11 or newer): put this in your init.lua.
vim.filetype.add({ extension = { card = "lotrcard" } })
vim.lsp.config("lotr_rules", {
  cmd = { "lotr-rules", "lsp" },
  filetypes = { "lotrcard", "toml", "text" },
  root_markers = { "set.toml" },
  init_options = { cards = {} }, -- further set folders, as 'lotr-rules lint --cards'
})
vim.lsp.enable("lotr_rules")
